/** SPEC §8: a failed list shows a red, centred error message. */
export function LoadError({ message, detail }: { message: string; detail?: string }) {
  return (
    <div className="text-danger text-center py-5" role="alert">
      <p className="fw-semibold mb-1">{message}</p>
      {detail ? <p className="small mb-0">{detail}</p> : null}
    </div>
  );
}
