import { Button } from "react-bootstrap";

/**
 * A list row's Delete: red outline, off while a delete is on its way. `onDelete` asks for
 * confirmation first (lib/alerts `confirmAndDelete`).
 */
export function DeleteButton({
  label,
  onDelete,
  pending = false,
  ariaLabel,
}: {
  label: string;
  onDelete: () => unknown;
  pending?: boolean;
  /** Names the row for screen readers when several Delete buttons share a screen. */
  ariaLabel?: string;
}) {
  return (
    <Button
      size="sm"
      variant="outline-danger"
      onClick={() => void onDelete()}
      disabled={pending}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  );
}
