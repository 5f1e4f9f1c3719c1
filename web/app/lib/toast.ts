import toast from "react-hot-toast";

// SPEC §9: toasts sit top centre; the global default and generic error toasts last 5000 ms.
export const toastPosition = "top-center";
export const defaultToastDurationMs = 5000;

export function notifyError(message: string): void {
  toast.error(message, { duration: defaultToastDurationMs });
}
