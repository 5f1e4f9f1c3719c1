import { Link, useSearchParams } from "react-router";
import { QueryView } from "../../components/query-view";
import { useSignInMethods } from "../../features/account/api/account";
import {
  DataDownload,
  EmailForm,
  NameForm,
  OtherSessions,
  PasswordForm,
} from "../../features/account/components/account-forms";
import { ConfirmDeletion, DeleteAccount } from "../../features/account/components/delete-account";
import { useSession } from "../../features/auth/api/auth";
import { TwoFactorSummary } from "../../features/two-factor/components/two-factor-summary";
import { editAccountPage as t } from "../../lib/messages";

/** The profile's Edit page: the customer's own account and data (the profile itself stays read-only). */
export default function EditProfile() {
  const { data } = useSession();
  const methods = useSignInMethods();
  const [params] = useSearchParams();
  const deletionToken = params.get("delete");
  if (!data) return null;
  const { user } = data;
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="edit-profile-heading">
      <div className="card-body p-4">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-4">
          <h1 id="edit-profile-heading" className="h4 mb-0">
            {t.heading}
          </h1>
          <Link to="/dashboard/profile">{t.back}</Link>
        </div>
        {deletionToken ? <ConfirmDeletion token={deletionToken} /> : null}
        <QueryView query={methods} failed={t.loadFailed} loadingLabel={t.loading}>
          {({ hasPassword }) => (
            <>
              <NameForm name={user.name} />
              <PasswordForm hasPassword={hasPassword} />
              {hasPassword ? <TwoFactorSummary /> : null}
              <EmailForm email={user.email} />
              <OtherSessions />
              <DataDownload />
              <DeleteAccount hasPassword={hasPassword} />
            </>
          )}
        </QueryView>
      </div>
    </section>
  );
}
