import { formatMinutes } from "@agency/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { apiGet } from "../../../lib/api";
import { formatBillingDate } from "../../../lib/dates";
import { timeTexts as t } from "../../../lib/messages/workday";

/**
 * The hours the agency spent on the client's order, when its plan shows them (otherwise the server
 * answers 404 and nothing is shown): in all, against what the plan expects, and per period.
 */
export function ClientHours({ orderId }: { orderId: string }) {
  const headingId = useId();
  const hours = useQuery(
    queryOptions({
      queryKey: ["time", "client", orderId] as const,
      queryFn: ({ signal }) =>
        apiGet(`/order/${encodeURIComponent(orderId)}/hours`, (c) => c.ClientOrderHours, { signal }),
      retry: false,
    }),
  );
  if (!hours.data) return null;
  const { minutes, expectedMinutes, byPeriod } = hours.data;
  return (
    <section aria-labelledby={headingId} className="card border-0 shadow-sm mt-3">
      <div className="card-body">
        <h2 id={headingId} className="h6">
          {t.clientHeading}
        </h2>
        <p className="mb-1">
          {expectedMinutes === null
            ? t.total(formatMinutes(minutes))
            : t.against(formatMinutes(minutes), formatMinutes(expectedMinutes))}
        </p>
        {byPeriod.length > 1 ? (
          <ul className="small text-body-secondary mb-0">
            {byPeriod.map((period) => (
              <li key={period.period}>
                {t.period(formatBillingDate(period.start), formatMinutes(period.minutes))}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
