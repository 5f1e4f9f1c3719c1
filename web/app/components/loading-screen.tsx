import { errors } from "../lib/messages";

/**
 * Something on its way: the loading image (SPEC §2, shown while the sign-in state loads), announced
 * with what is loading. Inside a section (`inline`) it is smaller, so the page around keeps its place.
 */
export function LoadingScreen({
  label = errors.loading,
  inline = false,
}: {
  label?: string;
  inline?: boolean;
}) {
  const size = inline ? 32 : 96;
  return (
    <div
      className={`d-flex justify-content-center align-items-center py-5${inline ? "" : " my-5"}`}
      role="status"
      aria-label={label}
    >
      <img src="/images/loading.svg" alt={label} width={size} height={size} />
    </div>
  );
}
