import type { Lead, LeadKind } from "@agency/contract";
import { CsvLink } from "../../components/csv-link";
import { type DataColumn, DataList } from "../../components/data-list";
import { FilterButtons } from "../../components/filter-buttons";
import { Pager } from "../../components/pager";
import { QueryView } from "../../components/query-view";
import { SearchBox } from "../../components/search-box";
import { LEADS_PAGE_SIZE, useLeads } from "../../features/leads/api/leads";
import { formatDateTime } from "../../lib/dates";
import { adminPages as t } from "../../lib/messages";
import { usePagePosition } from "../../lib/page-position";
import { useUrlFilters } from "../../lib/url-filters";

const kinds: (LeadKind | "all")[] = ["all", "contact", "query", "newsletter"];
const filterKeys = ["kind", "q"] as const;

const columns: DataColumn<Lead>[] = [
  { header: t.received, cell: (lead) => formatDateTime(lead.createdAt) },
  { header: t.kind, cell: (lead) => t.kinds[lead.kind] },
  { header: t.name, cell: (lead) => lead.name ?? "—" },
  {
    header: t.email,
    cell: (lead) => <a href={`mailto:${lead.email}`}>{lead.email}</a>,
    className: "text-break",
  },
  { header: t.website, cell: (lead) => lead.website ?? "—", className: "text-break" },
  { header: t.message, cell: (lead) => lead.message ?? "—", long: true, className: "text-prose-cell" },
];

/**
 * DESIGN "Beyond the spec" 6: the leads the public forms stored, newest first, with CSV export;
 * searched by name or e-mail and filtered by kind on the server, both kept in the address.
 */
export default function Leads() {
  const [filter, setFilter] = useUrlFilters(filterKeys);
  const kind = kinds.find((each) => each !== "all" && each === filter.kind) ?? "all";
  const { position, turnTo, reset } = usePagePosition();
  const selected = kind === "all" ? undefined : kind;
  const leads = useLeads(selected, position, filter.q);

  return (
    <section aria-labelledby="leads-heading">
      <div className="d-flex flex-wrap gap-3 align-items-center justify-content-between mb-3">
        <div>
          <h1 id="leads-heading" className="h4 mb-1">
            {t.leadsHeading}
          </h1>
          <p className="text-body-secondary mb-0">{t.leadsLead}</p>
        </div>
        <CsvLink path="/api/admin/leads.csv" filters={{ kind: selected }}>
          {t.exportCsv}
        </CsvLink>
      </div>
      <SearchBox
        label={t.searchLeads}
        placeholder={t.searchLeadsPlaceholder}
        value={filter.q ?? ""}
        onSearch={(q) => {
          setFilter({ q });
          reset();
        }}
      />
      <FilterButtons
        legend={t.kind}
        options={kinds.map((value) => ({ value, label: value === "all" ? t.allKinds : t.kinds[value] }))}
        value={kind}
        onChange={(value) => {
          setFilter({ kind: value === "all" ? undefined : value });
          reset();
        }}
      />
      <QueryView
        query={leads}
        failed={t.leadsFailed}
        empty={<p className="text-body-secondary">{filter.q ? t.noLeadsMatch : t.noLeads}</p>}
        isEmpty={(list) => list.leads.length === 0}
      >
        {(list) => (
          <>
            <DataList
              labelledBy="leads-heading"
              columns={columns}
              rows={list.leads}
              rowKey={(lead) => lead._id}
            />
            <Pager
              page={position.page}
              pages={Math.ceil(list.total / LEADS_PAGE_SIZE)}
              onPage={(wanted) => turnTo(wanted, list)}
              labels={t}
            />
          </>
        )}
      </QueryView>
    </section>
  );
}
