import {
  type AdminCompanyDetail,
  type AdminCompanyDocument,
  type AdminCompanyOrder,
  type CompanyPerson,
  formatOrderNumber,
} from "@agency/contract";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { type DataColumn, DataList } from "../../components/data-list";
import { OrderStateBadge } from "../../components/order-badges";
import { QueryView } from "../../components/query-view";
import { useMemberPermissions } from "../../features/auth/api/auth";
import { useAddContact, useAgencyCompany } from "../../features/companies/api/admin-companies";
import { CompanyInviteForm } from "../../features/companies/components/invite-form";
import { SalesStateBadge } from "../../features/sales/components/sales-state-badge";
import { UnbilledTime } from "../../features/time/components/unbilled-time";
import { formatDate } from "../../lib/dates";
import { companyDetailPage as t } from "../../lib/messages/admin-companies";
import { clientRoleLabels } from "../../lib/messages/companies";
import { Money } from "../../lib/money";

const peopleColumns: DataColumn<CompanyPerson>[] = [
  { header: t.name, cell: (person) => person.name || t.none, className: "text-break" },
  { header: t.email, cell: (person) => person.email, className: "text-break" },
  { header: t.role, cell: (person) => clientRoleLabels[person.role].name },
];

/** The price column only when the server sent prices (a role that sees money). */
function orderColumns(withPrices: boolean): DataColumn<AdminCompanyOrder>[] {
  return [
    {
      header: t.number,
      cell: (order) => (
        <Link to={`/dashboard/admin/orders/${order._id}`}>{formatOrderNumber(order.number)}</Link>
      ),
      className: "text-nowrap",
    },
    { header: t.placedBy, cell: (order) => order.name, className: "text-break" },
    { header: t.service, cell: (order) => order.service },
    {
      header: t.state,
      cell: (order) => (order.state ? <OrderStateBadge state={order.state} /> : t.unpaid),
    },
    ...(withPrices
      ? [
          {
            header: t.price,
            cell: (order: AdminCompanyOrder) => <Money amount={order.price} currency={order.currency} />,
          },
        ]
      : []),
    { header: t.date, cell: (order) => formatDate(order.createdAt), className: "text-nowrap" },
  ];
}

function documentColumns(withTotals: boolean): DataColumn<AdminCompanyDocument>[] {
  return [
    {
      header: t.document,
      cell: (doc) => (
        <Link to={`/dashboard/admin/sales/${doc._id}`}>
          {t.kind[doc.kind]} {doc.number ?? t.draftNumber}
        </Link>
      ),
      className: "text-nowrap",
    },
    { header: t.addressee, cell: (doc) => doc.email, className: "text-break" },
    { header: t.state, cell: (doc) => <SalesStateBadge state={doc.state} /> },
    ...(withTotals
      ? [
          {
            header: t.total,
            cell: (doc: AdminCompanyDocument) => <Money amount={doc.total} currency={doc.currency} />,
          },
        ]
      : []),
    {
      header: t.due,
      cell: (doc) => {
        const day = doc.kind === "invoice" ? doc.dueDate : doc.validUntil;
        return day ? formatDate(day) : t.none;
      },
      className: "text-nowrap",
    },
  ];
}

/** The agency adds a contact: the company's invitation goes to the address, with the role chosen. */
function AddContactForm({ companyId }: { companyId: string }) {
  const addContact = useAddContact(companyId);
  return (
    <CompanyInviteForm
      send={(body) => addContact.mutateAsync(body)}
      label={t.contactHeading}
      idPrefix="contact"
      texts={{ email: t.contactEmail, role: t.contactRole, submit: t.sendInvitation, sent: t.invitationSent }}
    />
  );
}

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className="mt-4" aria-labelledby={id}>
      <h2 id={id} className="h6">
        {heading}
      </h2>
      {children}
    </section>
  );
}

function CompanyView({ company }: { company: AdminCompanyDetail }) {
  // Time is billed by a role that writes invoices and sees money (the server checks both).
  const permissions = useMemberPermissions();
  const billsTime = Boolean(permissions?.has("sales.manage") && permissions.has("money.view"));
  const withPrices = company.orders.some((order) => order.price !== undefined);
  const withTotals = company.openDocuments.some((doc) => doc.total !== undefined);
  return (
    <section aria-labelledby="company-heading">
      <h1 id="company-heading" className="h4 mb-3 text-break">
        {company.name}
      </h1>
      <Section id="company-details-heading" heading={t.detailsHeading}>
        <dl className="row mb-0">
          <dt className="col-sm-3">{t.billingEmail}</dt>
          <dd className="col-sm-9 text-break">{company.billingEmail}</dd>
          <dt className="col-sm-3">{t.address}</dt>
          <dd className="col-sm-9" style={{ whiteSpace: "pre-line" }}>
            {company.address || t.none}
          </dd>
          <dt className="col-sm-3">{t.vatId}</dt>
          <dd className="col-sm-9">{company.vatId ?? t.none}</dd>
          <dt className="col-sm-3">{t.since}</dt>
          <dd className="col-sm-9">{formatDate(company.createdAt)}</dd>
        </dl>
      </Section>
      {company.revenue ? (
        <Section id="company-revenue-heading" heading={t.revenueHeading}>
          <p className="text-body-secondary small mb-1">{t.revenueLead}</p>
          {company.revenue.length === 0 ? (
            <p className="mb-0">{t.noRevenue}</p>
          ) : (
            <ul className="list-unstyled mb-0 h5">
              {company.revenue.map((entry) => (
                <li key={entry.currency}>
                  <Money amount={entry.amount} currency={entry.currency} />
                </li>
              ))}
            </ul>
          )}
        </Section>
      ) : null}
      <Section id="company-people-heading" heading={t.peopleHeading}>
        {company.people.length === 0 ? (
          <p className="text-body-secondary mb-0">{t.noPeople}</p>
        ) : (
          <DataList
            labelledBy="company-people-heading"
            columns={peopleColumns}
            rows={company.people}
            rowKey={(person) => person.id}
          />
        )}
      </Section>
      <Section id="company-orders-heading" heading={t.ordersHeading}>
        {company.orders.length === 0 ? (
          <p className="text-body-secondary mb-0">{t.noOrders}</p>
        ) : (
          <DataList
            labelledBy="company-orders-heading"
            columns={orderColumns(withPrices)}
            rows={company.orders}
            rowKey={(order) => order._id}
          />
        )}
        <p className="mt-2 mb-0">
          <Link to={`/dashboard/admin/all__orders?companyId=${company.id}`}>{t.allOrders}</Link>
        </p>
      </Section>
      <Section id="company-documents-heading" heading={t.documentsHeading}>
        {company.openDocuments.length === 0 ? (
          <p className="text-body-secondary mb-0">{t.noDocuments}</p>
        ) : (
          <DataList
            labelledBy="company-documents-heading"
            columns={documentColumns(withTotals)}
            rows={company.openDocuments}
            rowKey={(doc) => doc._id}
          />
        )}
      </Section>
      {billsTime ? <UnbilledTime companyId={company.id} /> : null}
      <Section id="company-contact-heading" heading={t.contactHeading}>
        <p className="text-body-secondary small">{t.contactLead}</p>
        <AddContactForm companyId={company.id} />
      </Section>
    </section>
  );
}

/** One client company as the agency sees it, with its people, orders, open documents and revenue. */
export default function CompanyDetailPage() {
  const { id = "" } = useParams();
  const company = useAgencyCompany(id);
  return (
    <>
      <p className="mb-2">
        <Link to="/dashboard/admin/companies">{t.back}</Link>
      </p>
      <QueryView query={company} failed={t.loadFailed} loadingLabel={t.loading}>
        {(data) => <CompanyView company={data} />}
      </QueryView>
    </>
  );
}
