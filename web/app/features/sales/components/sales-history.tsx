import type { SalesHistoryEntry } from "@agency/contract";
import { formatDateTime } from "../../../lib/dates";
import { salesDetailPage as t } from "../../../lib/messages";

/** What happened to a revision, oldest first. */
export function SalesHistory({ entries }: { entries: SalesHistoryEntry[] }) {
  return (
    <ol className="list-unstyled mb-0" aria-label={t.history}>
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end
        <li key={index} className="border-start ps-3 pb-2">
          <span className="fw-semibold">{t.events[entry.kind] ?? entry.kind}</span>
          {entry.kind === "reminded" && entry.note ? ` (${t.reminders[entry.note] ?? entry.note})` : null}
          {entry.actor ? ` · ${entry.actor}` : null}
          <span className="text-body-secondary small"> · {formatDateTime(entry.at)}</span>
          {entry.kind !== "reminded" && entry.note ? (
            <div className="small text-body-secondary">{entry.note}</div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
