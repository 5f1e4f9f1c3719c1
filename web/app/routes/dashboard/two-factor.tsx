import { Link, useSearchParams } from "react-router";
import { QueryView } from "../../components/query-view";
import { useTwoFactorStatus } from "../../features/two-factor/api/two-factor";
import { TwoFactorSettings } from "../../features/two-factor/components/two-factor-settings";
import { twoFactorPage as t } from "../../lib/messages/two-factor";
import { pageTitle, siteOf } from "../../lib/site";
import type { Route } from "./+types/two-factor";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.heading, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/**
 * The account's two-factor sign-in: turning it on (the app's secret as text, a first code, the
 * backup codes once), new backup codes, turning it off. A member of a team that requires it is sent
 * here until it is on.
 */
export default function TwoFactor() {
  const status = useTwoFactorStatus();
  const [params] = useSearchParams();
  const sentHere = params.get("required") === "1";
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="two-factor-heading">
      <div className="card-body p-4">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
          <h1 id="two-factor-heading" className="h4 mb-0">
            {t.heading}
          </h1>
          <Link to="/dashboard/profile/edit">{t.backToAccount}</Link>
        </div>
        <p className="text-body-secondary">{t.lead}</p>
        <QueryView query={status} failed={t.loadFailed} loadingLabel={t.loading}>
          {({ enabled, required }) => (
            <>
              {required && !enabled ? (
                <p className="alert alert-warning" role={sentHere ? "alert" : undefined}>
                  {t.requiredLead}
                </p>
              ) : null}
              <TwoFactorSettings enabled={enabled} />
              {required && enabled ? (
                <p className="mt-4 mb-0">
                  <Link to="/dashboard/admin">{t.goToTeam}</Link>
                </p>
              ) : null}
            </>
          )}
        </QueryView>
      </div>
    </section>
  );
}
