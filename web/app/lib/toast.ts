import toast from "react-hot-toast";

// SPEC §9: toasts sit top centre; the global default and generic error toasts last 5000 ms.
export const toastPosition = "top-center";
export const defaultToastDurationMs = 5000;

export function notifyError(message: string): void {
  toast.error(message, { duration: defaultToastDurationMs });
}

// SPEC §9: field-validation toasts, the home forms' toasts and the contact page's toasts last 2000 ms.
export const formToastDurationMs = 2000;

/**
 * A form's toasts share its id, so a visitor who presses Send again sees one toast with the
 * newest message instead of a growing stack.
 */
export function notifyFormProblem(message: string, formId: string): void {
  toast.error(message, { id: formId, duration: formToastDurationMs });
}

export function notifyFormSuccess(message: string, formId: string): void {
  toast.success(message, { id: formId, duration: formToastDurationMs });
}

/** A form whose call failed (network, server refusal): the generic error toast's 5000 ms. */
export function notifyFormFailure(message: string, formId: string): void {
  toast.error(message, { id: formId, duration: defaultToastDurationMs });
}

/** A call under way: the toast stays until `dismissToast` with the id this returns. */
export function notifyLoading(message: string): string {
  return toast.loading(message);
}

export function dismissToast(id: string): void {
  toast.dismiss(id);
}

/** A note the visitor has to read and act on (where a mailed link went): 8000 ms. */
export function notifyNote(message: string, icon: string): void {
  toast(message, { duration: 8000, icon });
}

/** An admin's or customer's change went through (made an admin, deleted, saved): 2000 ms. */
export function notifyDone(message: string): void {
  toast.success(message, { duration: formToastDurationMs });
}

/** A plain success with the global 5000 ms; an id keeps repeats to one toast. */
export function notifySuccess(message: string, id?: string): void {
  toast.success(message, { id, duration: defaultToastDurationMs });
}
