import type { LeadKind } from "@agency/contract";
import { useState } from "react";
import { ButtonGroup, Table, ToggleButton } from "react-bootstrap";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { Pager } from "../../components/pager";
import { LEADS_PAGE_SIZE, useLeads } from "../../features/admin/api/admin";
import { errorMessage } from "../../lib/api";
import { adminPages as t } from "../../lib/messages";
import { formatDateTime } from "../../lib/money";

const kinds: (LeadKind | "all")[] = ["all", "contact", "query", "newsletter"];

/** DESIGN "Beyond the spec" 6: the leads the public forms stored, newest first, with CSV export. */
export default function Leads() {
  const [kind, setKind] = useState<LeadKind | "all">("all");
  const [page, setPage] = useState(0);
  const selected = kind === "all" ? undefined : kind;
  const leads = useLeads(selected, page);
  const csv = `/api/admin/leads.csv${selected ? `?kind=${selected}` : ""}`;

  return (
    <section aria-labelledby="leads-heading">
      <div className="d-flex flex-wrap gap-3 align-items-center justify-content-between mb-3">
        <div>
          <h1 id="leads-heading" className="h4 mb-1">
            {t.leadsHeading}
          </h1>
          <p className="text-body-secondary mb-0">{t.leadsLead}</p>
        </div>
        <a href={csv} className="btn btn-outline-primary" download>
          {t.exportCsv}
        </a>
      </div>
      <ButtonGroup className="mb-3 flex-wrap" aria-label={t.kind}>
        {kinds.map((value) => (
          <ToggleButton
            key={value}
            id={`lead-kind-${value}`}
            type="radio"
            name="lead-kind"
            value={value}
            variant="outline-secondary"
            checked={kind === value}
            onChange={() => {
              setKind(value);
              setPage(0);
            }}
          >
            {value === "all" ? t.allKinds : t.kinds[value]}
          </ToggleButton>
        ))}
      </ButtonGroup>
      {leads.isPending ? (
        <LoadingScreen />
      ) : leads.isError ? (
        <LoadError message={t.leadsFailed} detail={errorMessage(leads.error)} />
      ) : leads.data.leads.length === 0 ? (
        <p className="text-body-secondary">{t.noLeads}</p>
      ) : (
        <>
          <Table responsive hover className="align-middle bg-white mb-0">
            <thead>
              <tr>
                <th scope="col">{t.received}</th>
                <th scope="col">{t.kind}</th>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.email}</th>
                <th scope="col">{t.website}</th>
                <th scope="col">{t.message}</th>
              </tr>
            </thead>
            <tbody>
              {leads.data.leads.map((lead) => (
                <tr key={lead._id}>
                  <td className="text-nowrap">{formatDateTime(lead.createdAt)}</td>
                  <td>{t.kinds[lead.kind]}</td>
                  <td>{lead.name ?? "—"}</td>
                  <td className="text-break">
                    <a href={`mailto:${lead.email}`}>{lead.email}</a>
                  </td>
                  <td className="text-break">{lead.website ?? "—"}</td>
                  <td className="text-break" style={{ whiteSpace: "pre-line", minWidth: 200 }}>
                    {lead.message ?? "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager
            page={page}
            pages={Math.ceil(leads.data.total / LEADS_PAGE_SIZE)}
            onPage={setPage}
            labels={t}
          />
        </>
      )}
    </section>
  );
}
