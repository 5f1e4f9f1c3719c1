import type { ReactNode } from "react";

/**
 * How an action from a mailed link ended: a success is announced politely, a failure at once,
 * each with a bold first line and the details under it.
 */
export function OutcomeAlert({
  tone,
  heading,
  children,
}: {
  tone: "success" | "danger";
  heading: string;
  children: ReactNode;
}) {
  return (
    <div className={`alert alert-${tone} mb-0`} role={tone === "danger" ? "alert" : "status"}>
      <p className="fw-semibold mb-1">{heading}</p>
      {children}
    </div>
  );
}
