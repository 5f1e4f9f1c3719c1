import type { SalesState } from "@agency/contract";
import { Badge } from "react-bootstrap";
import { salesPage } from "../../../lib/messages";

const colours: Record<SalesState, string> = {
  draft: "secondary",
  sent: "info",
  viewed: "primary",
  accepted: "success",
  declined: "danger",
  paid: "success",
  overdue: "warning",
  expired: "warning",
  void: "dark",
  superseded: "light",
};

export function SalesStateBadge({ state }: { state: SalesState }) {
  return (
    <Badge bg={colours[state]} text={state === "superseded" || state === "overdue" ? "dark" : undefined}>
      {salesPage.states[state]}
    </Badge>
  );
}
