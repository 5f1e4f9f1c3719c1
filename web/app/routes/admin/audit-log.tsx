import { type AuditAction, type AuditEntry, auditActions, formatMatchCount } from "@agency/contract";
import { Form } from "react-bootstrap";
import { type DataColumn, DataList } from "../../components/data-list";
import { Pager } from "../../components/pager";
import { QueryView } from "../../components/query-view";
import { SearchBox } from "../../components/search-box";
import { useAuditLog } from "../../features/audit/api/audit";
import { AuditChange } from "../../features/audit/components/audit-change";
import { VerifyChain } from "../../features/audit/components/verify-chain";
import { formatDateTime } from "../../lib/dates";
import { auditPage as t } from "../../lib/messages/audit";
import { usePagePosition } from "../../lib/page-position";
import { useUrlFilters } from "../../lib/url-filters";

const filterKeys = ["action", "q", "from", "to"] as const;

function actionLabel(action: string): string {
  return t.actions[action as AuditAction] ?? action;
}

/**
 * An admin by the address they had then, a customer by theirs now, an API key by its name
 * ("API key Zapier"), the system by its name.
 */
function who(entry: AuditEntry): string {
  const { actor } = entry;
  if (actor.type === "system") return `${t.actorTypes.system}: ${actor.label ?? "—"}`;
  if (actor.type === "api_key") return actor.label ?? t.actorTypes.api_key;
  const address = actor.label ?? actor.email ?? t.unknownAccount(actor.id ?? "—");
  return `${t.actorTypes[actor.type]}: ${address}`;
}

function subject(entry: AuditEntry): string {
  const { type, id, label, email } = entry.subject;
  const name = label ?? email ?? id;
  return name ? `${type} ${name}` : type;
}

const columns: DataColumn<AuditEntry>[] = [
  { header: t.when, cell: (entry) => formatDateTime(entry.at) },
  { header: t.who, cell: who, className: "text-break" },
  { header: t.action, cell: (entry) => actionLabel(entry.action) },
  { header: t.subject, cell: subject, className: "text-break" },
  {
    header: t.change,
    cell: (entry) => <AuditChange before={entry.before} after={entry.after} />,
    long: true,
  },
];

/**
 * DESIGN "Beyond the spec" 10: the audit log, newest first, filtered by action, searched by e-mail
 * or subject and limited to days on the server (all kept in the address), with the chain check.
 */
export default function AuditLog() {
  const [filter, setFilter] = useUrlFilters(filterKeys);
  const action = auditActions.find((each) => each === filter.action);
  const { position, turnTo, reset } = usePagePosition();
  const entries = useAuditLog({ action, q: filter.q, from: filter.from, to: filter.to }, position);
  const narrow = (next: Partial<Record<(typeof filterKeys)[number], string | undefined>>) => {
    setFilter(next);
    reset();
  };

  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading" className="h4 mb-1">
        {t.heading}
      </h1>
      <p className="text-body-secondary">{t.lead}</p>
      <VerifyChain />
      <SearchBox
        label={t.search}
        placeholder={t.searchPlaceholder}
        value={filter.q ?? ""}
        onSearch={(q) => narrow({ q })}
      />
      <div className="d-flex flex-wrap gap-3 mb-3">
        <Form.Group controlId="audit-action">
          <Form.Label className="small mb-1">{t.action}</Form.Label>
          <Form.Select
            value={action ?? ""}
            onChange={(event) => narrow({ action: event.target.value || undefined })}
          >
            <option value="">{t.allActions}</option>
            {auditActions.map((each) => (
              <option key={each} value={each}>
                {actionLabel(each)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="audit-from">
          <Form.Label className="small mb-1">{t.from}</Form.Label>
          <Form.Control
            type="date"
            value={filter.from ?? ""}
            max={filter.to}
            onChange={(event) => narrow({ from: event.target.value || undefined })}
          />
        </Form.Group>
        <Form.Group controlId="audit-to">
          <Form.Label className="small mb-1">{t.to}</Form.Label>
          <Form.Control
            type="date"
            value={filter.to ?? ""}
            min={filter.from}
            onChange={(event) => narrow({ to: event.target.value || undefined })}
          />
        </Form.Group>
      </div>
      <QueryView
        query={entries}
        failed={t.failed}
        empty={<p className="text-body-secondary">{entries.data?.matches ? t.noneMatch : t.none}</p>}
        isEmpty={(list) => list.entries.length === 0}
      >
        {(list) => (
          <>
            {list.matches && (
              <p className="small text-body-secondary">{t.matches(formatMatchCount(list.matches))}</p>
            )}
            <DataList
              labelledBy="audit-heading"
              columns={columns}
              rows={list.entries}
              rowKey={(entry) => String(entry.id)}
            />
            <Pager
              page={position.page}
              pages={position.page + (list.nextCursor ? 2 : 1)}
              onPage={(wanted) => turnTo(wanted, list)}
              labels={t}
            />
          </>
        )}
      </QueryView>
    </section>
  );
}
