import { errorMessage } from "./api";
import { notifyDone, notifyError } from "./toast";

// sweetalert2 is loaded on first use, so public pages never download it.
async function swal() {
  const [{ default: Swal }] = await Promise.all([
    import("sweetalert2"),
    import("sweetalert2/dist/sweetalert2.min.css"),
  ]);
  return Swal;
}

/** The site's own buttons in every dialog: the brand colour, and red for what cannot be undone. */
function buttons(confirm: "primary" | "danger") {
  return {
    buttonsStyling: false,
    customClass: {
      confirmButton: confirm === "danger" ? "btn btn-danger mx-1" : "btn btn-primary mx-1",
      cancelButton: "btn btn-outline-secondary mx-1",
    },
  };
}

/**
 * Runs a dialog and gives the focus back to what had it when the dialog was asked for (the button
 * that opened it), so a keyboard or screen-reader user carries on where they were. The opener is
 * taken before sweetalert2 loads, and is skipped when the page has moved on without it (gone,
 * hidden or disabled); sweetalert2's own return of the focus is off so the two never disagree.
 */
async function withFocusReturn<T>(dialog: () => Promise<T>): Promise<T> {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  try {
    return await dialog();
  } finally {
    if (opener && opener !== document.body && opener.isConnected && !opener.matches(":disabled")) {
      opener.focus({ preventScroll: true });
    }
  }
}

const keepFocus = { returnFocus: false } as const;

type Question = { title: string; text?: string; confirmText: string; destructive?: boolean };

function ask(options: Question, extra: Record<string, unknown> = {}) {
  return withFocusReturn(async () => {
    const Swal = await swal();
    // titleText/text, never title/html: the texts can hold names people chose for themselves.
    return Swal.fire({
      titleText: options.title,
      text: options.text,
      icon: "warning",
      iconColor: options.destructive ? "var(--bs-danger)" : "var(--brand)",
      showCancelButton: true,
      confirmButtonText: options.confirmText,
      cancelButtonText: "Cancel",
      focusCancel: true,
      ...keepFocus,
      ...buttons(options.destructive ? "danger" : "primary"),
      ...extra,
    });
  });
}

/**
 * Asks before a change that matters; resolves true only when the user confirms. A destructive
 * change (a deletion, a role taken away) has a red confirm button.
 */
export async function confirmAction(options: Question): Promise<boolean> {
  return (await ask(options)).isConfirmed;
}

/**
 * Asks before a change that comes with one choice to tick (cancelling, and refunding as well);
 * resolves with the choice when confirmed, null when not.
 */
export async function confirmWithOption(
  options: Question & { option: string },
): Promise<{ option: boolean } | null> {
  const result = await ask(options, { input: "checkbox", inputValue: 0, inputPlaceholder: options.option });
  return result.isConfirmed ? { option: result.value === 1 } : null;
}

export function successAlert(title: string, text: string): Promise<void> {
  return withFocusReturn(async () => {
    const Swal = await swal();
    await Swal.fire({ titleText: title, text, icon: "success", ...keepFocus, ...buttons("primary") });
  });
}

export function errorAlert(title: string, text: string): Promise<void> {
  return withFocusReturn(async () => {
    const Swal = await swal();
    await Swal.fire({ titleText: title, text, icon: "error", ...keepFocus, ...buttons("primary") });
  });
}

/**
 * The dashboards' delete buttons: ask first, then delete, then say so (or show why it failed).
 */
export async function confirmAndDelete(
  question: { title: string; text?: string; confirmText: string },
  remove: () => Promise<{ deletedCount: number }>,
  deletedMessage: string,
): Promise<void> {
  if (!(await confirmAction({ ...question, destructive: true }))) return;
  try {
    const { deletedCount } = await remove();
    if (deletedCount > 0) notifyDone(deletedMessage);
  } catch (error) {
    notifyError(errorMessage(error));
  }
}
