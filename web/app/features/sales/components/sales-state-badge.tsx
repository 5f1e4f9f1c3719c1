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

const onLight = new Set(["info", "warning", "light"]);

export function SalesStateBadge({ state }: { state: SalesState }) {
  return (
    // Light backgrounds take dark text, so every badge reads at a contrast of 4.5:1 or more.
    <Badge bg={colours[state]} text={onLight.has(colours[state]) ? "dark" : undefined}>
      {salesPage.states[state]}
    </Badge>
  );
}
