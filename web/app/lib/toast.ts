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
