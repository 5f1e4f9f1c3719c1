import { useSyncExternalStore } from "react";
import { errorMessage } from "./api";

type HotToast = typeof import("react-hot-toast");
type Toast = HotToast["default"];

// The toast library loads with the first toast, not with the page: most visits of the public pages
// show none. The Toaster (root.tsx) mounts once it has loaded; toasts raised meanwhile wait in the
// library's store and appear then.
let library: Promise<HotToast> | undefined;
const listeners = new Set<() => void>();

export function loadToasts(): Promise<HotToast> {
  if (!library) {
    library = import("react-hot-toast");
    for (const listener of listeners) listener();
  }
  return library;
}

// A toast's time runs from when it is raised, and the Toaster dismisses at once what has run out by
// the time it mounts: on a slow device the lazy load alone can outlast a 2000 ms toast. So a toast
// is raised only while a Toaster is mounted, and is seen for its whole duration.
let mountedToasters = 0;
let waiting: Array<() => void> = [];

/** The Toaster's host (components/toasts.tsx) says it has mounted, or gone. */
export function toasterMounted(mounted: boolean): void {
  mountedToasters += mounted ? 1 : -1;
  if (mountedToasters === 0) return;
  const raise = waiting;
  waiting = [];
  for (const show of raise) show();
}

/** Forgets toasts raised with no Toaster on the screen (a component test that renders none). */
export function forgetWaitingToasts(): void {
  waiting = [];
}

function toast(show: (toast: Toast) => void): void {
  void loadToasts().then((loaded) => {
    const raise = () => show(loaded.default);
    if (mountedToasters > 0) raise();
    else waiting.push(raise);
  });
}

/** True once a toast was asked for: the Toaster is needed from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => library !== undefined,
    () => false,
  );
}

let loadingIds = 0;

// SPEC §9: toasts sit top centre; the global default and generic error toasts last 5000 ms.
export const toastPosition = "top-center";
export const defaultToastDurationMs = 5000;

export function notifyError(message: string): void {
  toast((t) => t.error(message, { duration: defaultToastDurationMs }));
}

// SPEC §9: field-validation toasts, the home forms' toasts and the contact page's toasts last 2000 ms.
export const formToastDurationMs = 2000;

/**
 * A form's toasts share its id, so a visitor who presses Send again sees one toast with the
 * newest message instead of a growing stack.
 */
export function notifyFormProblem(message: string, formId: string): void {
  toast((t) => t.error(message, { id: formId, duration: formToastDurationMs }));
}

export function notifyFormSuccess(message: string, formId: string): void {
  toast((t) => t.success(message, { id: formId, duration: formToastDurationMs }));
}

/** A form whose call failed (network, server refusal): the generic error toast's 5000 ms. */
export function notifyFormFailure(message: string, formId: string): void {
  toast((t) => t.error(message, { id: formId, duration: defaultToastDurationMs }));
}

/** A call under way: the toast stays until `dismissToast` with the id this returns. */
export function notifyLoading(message: string): string {
  loadingIds += 1;
  const id = `loading-${loadingIds}`;
  toast((t) => t.loading(message, { id }));
  return id;
}

export function dismissToast(id: string): void {
  toast((t) => t.dismiss(id));
}

/** A note the visitor has to read and act on (where a mailed link went): 8000 ms. */
export function notifyNote(message: string, icon: string): void {
  toast((t) => t(message, { duration: 8000, icon }));
}

/** An admin's or customer's change went through (made an admin, deleted, saved): 2000 ms. */
export function notifyDone(message: string): void {
  toast((t) => t.success(message, { duration: formToastDurationMs }));
}

/** A plain success with the global 5000 ms; an id keeps repeats to one toast. */
export function notifySuccess(message: string, id?: string): void {
  toast((t) => t.success(message, { id, duration: defaultToastDurationMs }));
}

/**
 * Runs an editor's save: a toast says it is done, or why not. A failure is thrown again, so the
 * form keeps what was typed and shows the server's field problems.
 */
export async function saveWithToasts<T>(
  action: () => Promise<T>,
  done: string | ((result: T) => string),
): Promise<T> {
  try {
    const result = await action();
    notifyDone(typeof done === "string" ? done : done(result));
    return result;
  } catch (error) {
    notifyError(errorMessage(error));
    throw error;
  }
}
