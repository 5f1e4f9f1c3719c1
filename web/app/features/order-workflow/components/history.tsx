import { type OrderDetail, type OrderHistoryEntry, orderStateLabels } from "@agency/contract";
import { useId } from "react";
import { OrderStateBadge } from "../../../components/order-badges";
import { formatBillingDate, formatDateTime } from "../../../lib/dates";
import { linkify } from "../../../lib/linkify";
import { periodTexts, orderDetail as t } from "../../../lib/messages";
import { FileLinks } from "./file-links";

type PeriodGroup = { number: number; startedAt: string | null; entries: OrderHistoryEntry[] };

/** The history's entries by work period, the newest period first (each one's entries oldest first). */
function byPeriod(order: OrderDetail): PeriodGroup[] {
  const groups = new Map<number, PeriodGroup>();
  for (const entry of order.history) {
    const group = groups.get(entry.period) ?? {
      number: entry.period,
      startedAt: order.periods.find((period) => period.number === entry.period)?.startedAt ?? null,
      entries: [],
    };
    group.entries.push(entry);
    groups.set(entry.period, group);
  }
  return [...groups.values()].sort((a, b) => b.number - a.number);
}

function Entries({ entries, labelledBy }: { entries: OrderHistoryEntry[]; labelledBy: string }) {
  return (
    <ol className="list-unstyled d-grid gap-3 mb-0" aria-labelledby={labelledBy}>
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and are never reordered
        <li key={index} className="border-start border-3 ps-3">
          <div className="d-flex flex-wrap align-items-center gap-2">
            <OrderStateBadge state={entry.state} />
            <span className="fw-semibold">
              {entry.from === null ? t.paidLine : t.historyLine(orderStateLabels[entry.state])}
            </span>
          </div>
          <div className="small text-body-secondary">
            {t.by(entry.by.name, t.sides[entry.by.role])} ·{" "}
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </div>
          {entry.note ? <p className="message-body small mb-0 mt-1">{linkify(entry.note)}</p> : null}
          <FileLinks files={entry.files} />
        </li>
      ))}
    </ol>
  );
}

/**
 * Every change of the order's state, oldest first: what, who and when, with a delivery's files.
 * Once a renewal opened a second work period, each period's changes (and deliveries) are shown
 * under its own heading, the newest period first. (Refunds are with the payments they give back.)
 */
export function OrderHistory({ order }: { order: OrderDetail }) {
  const id = useId();
  const groups = byPeriod(order);
  return (
    <section className="card border-0 shadow-sm" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h5">
          {t.history}
        </h2>
        {order.history.length === 0 ? (
          <p className="text-body-secondary mb-0">{t.noHistory}</p>
        ) : groups.length === 1 ? (
          <Entries entries={order.history} labelledBy={`${id}-heading`} />
        ) : (
          <div className="d-grid gap-3">
            {groups.map((group) => (
              <section key={group.number} aria-labelledby={`${id}-period-${group.number}`}>
                <h3 id={`${id}-period-${group.number}`} className="h6 mb-2">
                  {periodTexts.name(group.number)}
                  {group.startedAt ? (
                    <span className="small fw-normal text-body-secondary">
                      {" "}
                      · {periodTexts.since(formatBillingDate(group.startedAt))}
                    </span>
                  ) : null}
                </h3>
                <Entries entries={group.entries} labelledBy={`${id}-period-${group.number}`} />
              </section>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
