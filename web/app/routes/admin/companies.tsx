import type { AdminCompanyRow } from "@agency/contract";
import { useState } from "react";
import { Link } from "react-router";
import { type DataColumn, DataList } from "../../components/data-list";
import { Pager } from "../../components/pager";
import { QueryView } from "../../components/query-view";
import { SearchBox } from "../../components/search-box";
import { useCompanies } from "../../features/companies/api/admin-companies";
import { companiesPage as t } from "../../lib/messages/admin-companies";
import { useUrlFilters } from "../../lib/url-filters";

const columns: DataColumn<AdminCompanyRow>[] = [
  {
    header: t.name,
    cell: (company) => (
      <Link to={`/dashboard/admin/companies/${company.id}`} aria-label={t.open(company.name)}>
        {company.name}
      </Link>
    ),
    className: "text-break",
  },
  { header: t.billingEmail, cell: (company) => company.billingEmail, className: "text-break" },
  { header: t.vatId, cell: (company) => company.vatId ?? "—" },
  { header: t.people, cell: (company) => company.people },
  { header: t.orders, cell: (company) => company.orders },
];

const filterKeys = ["q"] as const;

/**
 * The agency's clients, by name, searched on the server (the search kept in the address). Pages
 * follow the list's cursors: each page's starting cursor is kept, so Previous goes back to it.
 */
export default function Companies() {
  const [filter, setFilter] = useUrlFilters(filterKeys);
  const q = filter.q ?? "";
  // starts[n]: the cursor page n starts after (undefined for the first page).
  const [starts, setStarts] = useState<(string | undefined)[]>([undefined]);
  const page = starts.length - 1;
  const companies = useCompanies(q, starts[page]);
  return (
    <section aria-labelledby="companies-heading">
      <h1 id="companies-heading" className="h4 mb-3">
        {t.heading}
      </h1>
      <SearchBox
        label={t.search}
        placeholder={t.searchPlaceholder}
        value={q}
        onSearch={(text) => {
          setFilter({ q: text });
          setStarts([undefined]);
        }}
      />
      <QueryView
        query={companies}
        failed={t.loadFailed}
        empty={<p className="text-body-secondary">{q ? t.noMatch : t.noCompanies}</p>}
        isEmpty={(list) => list.companies.length === 0}
      >
        {(list) => (
          <>
            <DataList
              labelledBy="companies-heading"
              columns={columns}
              rows={list.companies}
              rowKey={(company) => company.id}
            />
            <Pager
              page={page}
              pages={page + (list.nextCursor ? 2 : 1)}
              onPage={(wanted) => {
                if (wanted > page && list.nextCursor) setStarts([...starts, list.nextCursor]);
                else if (wanted < page) setStarts(starts.slice(0, wanted + 1));
              }}
              labels={t}
            />
          </>
        )}
      </QueryView>
    </section>
  );
}
