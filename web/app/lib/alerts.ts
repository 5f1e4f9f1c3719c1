import toast from "react-hot-toast";
import { errorMessage } from "./api";
import { formToastDurationMs, notifyError } from "./toast";

// sweetalert2 is loaded on first use, so public pages never download it.
async function swal() {
  const [{ default: Swal }] = await Promise.all([
    import("sweetalert2"),
    import("sweetalert2/dist/sweetalert2.min.css"),
  ]);
  return Swal;
}

/** Asks before a change that matters; resolves true only when the user confirms. */
export async function confirmAction(options: {
  title: string;
  text?: string;
  confirmText: string;
}): Promise<boolean> {
  const Swal = await swal();
  // titleText/text, never title/html: the texts can hold names people chose for themselves.
  const result = await Swal.fire({
    titleText: options.title,
    text: options.text,
    icon: "warning",
    showCancelButton: true,
    confirmButtonText: options.confirmText,
    cancelButtonText: "Cancel",
    focusCancel: true,
  });
  return result.isConfirmed;
}

export async function successAlert(title: string, text: string): Promise<void> {
  const Swal = await swal();
  await Swal.fire({ titleText: title, text, icon: "success" });
}

export async function errorAlert(title: string, text: string): Promise<void> {
  const Swal = await swal();
  await Swal.fire({ titleText: title, text, icon: "error" });
}

/**
 * The dashboards' delete buttons: ask first, then delete, then say so (or show why it failed).
 */
export async function confirmAndDelete(
  question: { title: string; text?: string; confirmText: string },
  remove: () => Promise<{ deletedCount: number }>,
  deletedMessage: string,
): Promise<void> {
  if (!(await confirmAction(question))) return;
  try {
    const { deletedCount } = await remove();
    if (deletedCount > 0) toast.success(deletedMessage, { duration: formToastDurationMs });
  } catch (error) {
    notifyError(errorMessage(error));
  }
}
