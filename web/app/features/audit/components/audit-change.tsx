import { auditPage as t } from "../../../lib/messages/audit";

type Props = { before: unknown; after: unknown };

const MAX_LENGTH = 80;

/** A value in a line: text as it is, anything else as compact JSON, long ones cut. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What an entry changed, one field a line: `role: — → admin`. A created thing shows its values,
 * a removed one what it was.
 */
export function AuditChange({ before, after }: Props) {
  if (before == null && after == null) return <span className="text-body-secondary">—</span>;
  if (!isRecord(before) && !isRecord(after)) {
    return (
      <span>
        {shown(before)} → {shown(after)}
      </span>
    );
  }
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return (
    <ul className="list-unstyled mb-0 small">
      {keys.map((key) => (
        <li key={key} className="text-break">
          <code>{key}</code>:{" "}
          {before == null ? (
            <span>
              {shown(is[key])} <span className="text-body-secondary">({t.created})</span>
            </span>
          ) : after == null ? (
            <span>
              {shown(was[key])} <span className="text-body-secondary">({t.removed})</span>
            </span>
          ) : (
            <span>
              {shown(was[key])} → {shown(is[key])}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
