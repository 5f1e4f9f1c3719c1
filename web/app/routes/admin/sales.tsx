import { type SalesKind, type SalesState, salesStates } from "@agency/contract";
import { Button, Table } from "react-bootstrap";
import { Link } from "react-router";
import { FilterButtons } from "../../components/filter-buttons";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { useSalesList } from "../../features/sales/api/sales";
import { SalesStateBadge } from "../../features/sales/components/sales-state-badge";
import { formatDate } from "../../lib/dates";
import { salesPage as t } from "../../lib/messages";
import { Money } from "../../lib/money";
import { pageTitle, siteOf } from "../../lib/site";
import { useUrlFilters } from "../../lib/url-filters";
import type { Route } from "./+types/sales";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.heading, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

const kindOptions = [
  { value: "", label: t.allKinds },
  { value: "quote", label: t.kinds.quote },
  { value: "invoice", label: t.kinds.invoice },
] as const;
const stateOptions = [
  { value: "", label: t.allStates },
  ...salesStates.map((state) => ({ value: state, label: t.states[state] })),
];

/** DESIGN "Beyond the spec" 17: the quotes and invoices written for custom work. */
export default function Sales() {
  const [filters, setFilters] = useUrlFilters(["kind", "state", "page"] as const);
  const kind = (kindOptions.find((option) => option.value === filters.kind)?.value || undefined) as
    | SalesKind
    | undefined;
  const state = (salesStates as readonly string[]).includes(filters.state ?? "")
    ? (filters.state as SalesState)
    : undefined;
  const page = Math.max(0, Number(filters.page ?? 0) || 0);
  const list = useSalesList({ kind, state, page });

  return (
    <section aria-labelledby="sales-heading">
      <div className="d-flex flex-wrap gap-2 align-items-start justify-content-between mb-2">
        <div>
          <h1 id="sales-heading" className="h4 mb-1">
            {t.heading}
          </h1>
          <p className="text-body-secondary">{t.lead}</p>
        </div>
        <div className="d-flex gap-2">
          <Link className="btn btn-primary" to="/dashboard/admin/sales/new?kind=quote">
            {t.newQuote}
          </Link>
          <Link className="btn btn-outline-primary" to="/dashboard/admin/sales/new?kind=invoice">
            {t.newInvoice}
          </Link>
        </div>
      </div>
      <FilterButtons
        legend={t.kindFilter}
        options={kindOptions}
        value={kind ?? ""}
        onChange={(value) => setFilters({ kind: value || undefined, page: undefined })}
      />
      <FilterButtons
        legend={t.stateFilter}
        options={stateOptions}
        value={state ?? ""}
        onChange={(value) => setFilters({ state: value || undefined, page: undefined })}
      />
      {list.isPending ? (
        <LoadingScreen />
      ) : list.isError ? (
        <LoadError message={t.failed} query={list} />
      ) : list.data.documents.length === 0 ? (
        <p>{kind || state ? t.noneMatch : t.none}</p>
      ) : (
        <>
          <Table responsive hover className="align-middle bg-white">
            <thead>
              <tr>
                <th scope="col">{t.number}</th>
                <th scope="col">{t.customer}</th>
                <th scope="col" className="text-end">
                  {t.total}
                </th>
                <th scope="col">{t.state}</th>
                <th scope="col">{t.created}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.documents.map((doc) => (
                <tr key={doc._id}>
                  <td>
                    <Link to={`/dashboard/admin/sales/${doc._id}`}>{doc.label}</Link>
                    <div className="small text-body-secondary">{t.kindName[doc.kind]}</div>
                  </td>
                  <td>
                    {doc.name || doc.email}
                    {doc.name ? <div className="small text-body-secondary">{doc.email}</div> : null}
                  </td>
                  <td className="text-end">
                    <Money amount={doc.total} currency={doc.currency} />
                  </td>
                  <td>
                    <SalesStateBadge state={doc.state} />
                  </td>
                  <td>{formatDate(doc.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {page > 0 || list.data.more ? (
            <div className="d-flex gap-2">
              <Button
                variant="outline-secondary"
                disabled={page === 0}
                onClick={() => setFilters({ page: page > 1 ? String(page - 1) : undefined })}
              >
                ‹
              </Button>
              <Button
                variant="outline-secondary"
                disabled={!list.data.more}
                onClick={() => setFilters({ page: String(page + 1) })}
              >
                {t.more}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
