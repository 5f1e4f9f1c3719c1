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
  const result = await Swal.fire({
    title: options.title,
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
  await Swal.fire({ title, text, icon: "success" });
}

export async function errorAlert(title: string, text: string): Promise<void> {
  const Swal = await swal();
  await Swal.fire({ title, text, icon: "error" });
}
