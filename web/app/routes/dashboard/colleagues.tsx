import type { Company } from "@agency/contract";
import type { ReactNode } from "react";
import { Button } from "react-bootstrap";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { useSession } from "../../features/auth/api/session";
import {
  isNoCompany,
  useCompany,
  useCompanyActions,
  useCompanyInvitations,
} from "../../features/companies/api/companies";
import { DetailsForm } from "../../features/companies/components/details-form";
import { InviteForm } from "../../features/companies/components/invite-form";
import { PeopleList } from "../../features/companies/components/people-list";
import { formatDate } from "../../lib/dates";
import { clientRoleLabels, colleaguesPage as t } from "../../lib/messages/companies";
import { saveWithToasts } from "../../lib/toast";

/** The company's open invitations, each sent again with a new link or withdrawn. */
function OpenInvitations() {
  const invitations = useCompanyInvitations(true);
  const actions = useCompanyActions();
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <section className="mt-4" aria-labelledby="open-invitations-heading">
      <h2 id="open-invitations-heading" className="h6">
        {t.openHeading}
      </h2>
      <ul className="list-group">
        {invitations.data.map((invitation) => (
          <li key={invitation.id} className="list-group-item d-flex flex-wrap gap-2 align-items-center">
            <span className="me-auto">
              {invitation.email} · {clientRoleLabels[invitation.role].name} ·{" "}
              {invitation.expired ? t.expired : t.expires(formatDate(invitation.expiresAt))}
            </span>
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() =>
                saveWithToasts(
                  () => actions.resend.mutateAsync(invitation.id),
                  t.sentAgain(invitation.email),
                ).catch(() => undefined)
              }
            >
              {t.sendAgain}
            </Button>
            <Button
              size="sm"
              variant="outline-danger"
              onClick={() =>
                saveWithToasts(
                  () => actions.revoke.mutateAsync(invitation.id),
                  t.withdrawn(invitation.email),
                ).catch(() => undefined)
              }
            >
              {t.withdraw}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CompanyPage({ company, email }: { company: Company; email: string | undefined }) {
  // A company of one is spoken of as a company once it has details or a second person.
  const heading = company.detailsGiven || company.people.length > 1 ? company.name : t.heading;
  const isAdmin = company.yourRole === "admin";
  return (
    <>
      <h1 id="colleagues-heading" className="h4 mb-2">
        {heading}
      </h1>
      <p className="text-body-secondary">{t.lead}</p>
      <h2 id="people-heading" className="visually-hidden">
        {t.peopleHeading}
      </h2>
      <PeopleList company={company} email={email} labelledBy="people-heading" />
      {isAdmin ? (
        <>
          <section className="mt-4" aria-labelledby="invite-heading">
            <h2 id="invite-heading" className="h6">
              {t.inviteHeading}
            </h2>
            <InviteForm />
          </section>
          <OpenInvitations />
          <section className="mt-4" aria-labelledby="details-heading">
            <h2 id="details-heading" className="h6">
              {t.detailsHeading}
            </h2>
            <p className="text-body-secondary small">{t.detailsLead}</p>
            <DetailsForm key={company.id} company={company} />
          </section>
          <section className="mt-4" aria-labelledby="company-export-heading">
            <h2 id="company-export-heading" className="h6">
              {t.exportHeading}
            </h2>
            <p className="text-body-secondary small">{t.exportLead}</p>
            <a className="btn btn-outline-primary" href="/api/company/export" download>
              {t.exportData}
            </a>
          </section>
        </>
      ) : null}
    </>
  );
}

/**
 * The customer's colleagues: the people of their company, and for its Admins, their roles and
 * removal, invitations and details.
 */
export default function Colleagues() {
  const session = useSession();
  const company = useCompany();
  let body: ReactNode;
  if (company.isPending) body = <LoadingScreen label={t.loading} />;
  else if (company.isError) {
    body = isNoCompany(company.error) ? (
      <>
        <h1 id="colleagues-heading" className="h4 mb-2">
          {t.heading}
        </h1>
        <p className="text-body-secondary mb-0">{t.noCompanyYet}</p>
      </>
    ) : (
      <LoadError message={t.loadFailed} query={company} />
    );
  } else body = <CompanyPage company={company.data} email={session.data?.user.email} />;
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="colleagues-heading">
      <div className="card-body p-4">{body}</div>
    </section>
  );
}
