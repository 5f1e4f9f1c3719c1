import { type OrderState, orderStateLabels } from "@agency/contract";
import { Badge } from "react-bootstrap";
import { formatDate, formatDateTime } from "../lib/dates";
import { assignmentTexts } from "../lib/messages";

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

/** States in which a due date no longer presses: the work is handed over, done or stopped. */
const settled: ReadonlySet<OrderState> = new Set(["delivered", "complete", "cancelled"]);

/** Whether the order's work is late: due before `now` and not delivered, complete or cancelled. */
function isOverdue(
  order: { dueAt?: string | null; state: OrderState | null },
  now: number = Date.now(),
): boolean {
  if (!order.dueAt || (order.state && settled.has(order.state))) return false;
  return new Date(order.dueAt).getTime() < now;
}

/** When the work is due, in red and said to be overdue when it is late; a dash without a date. */
export function DueDate({
  order,
  withTime = false,
  empty = "—",
}: {
  order: { dueAt?: string | null; state: OrderState | null };
  withTime?: boolean;
  empty?: string;
}) {
  if (!order.dueAt) return <>{empty}</>;
  const when = withTime ? formatDateTime(order.dueAt) : formatDate(order.dueAt);
  if (!isOverdue(order)) return <>{when}</>;
  return (
    <span className="text-danger fw-semibold" data-overdue="true">
      {when} <span className="small">({assignmentTexts.overdue})</span>
    </span>
  );
}
