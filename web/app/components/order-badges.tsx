import { type OrderState, orderStateLabels } from "@agency/contract";
import { Badge } from "react-bootstrap";

const tones: Record<OrderState, { bg: string; text?: "dark" }> = {
  submitted: { bg: "info", text: "dark" },
  in_progress: { bg: "primary" },
  delivered: { bg: "warning", text: "dark" },
  complete: { bg: "success" },
  cancelled: { bg: "secondary" },
};

/** Where a paid order is in the agency's work, beside the spec's order words. */
export function OrderStateBadge({
  state,
  className,
  label = orderStateLabels[state],
}: {
  state: OrderState;
  className?: string;
  /** The state in the reader's words, when they are not the agency's. */
  label?: string;
}) {
  const tone = tones[state];
  return (
    <Badge bg={tone.bg} text={tone.text} className={className} data-order-state={state}>
      {label}
    </Badge>
  );
}

/** A count of unread messages (beside a menu entry, an order); nothing when there are none. */
export function UnreadBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <Badge bg="danger" pill className="ms-2">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{label}</span>
    </Badge>
  );
}
