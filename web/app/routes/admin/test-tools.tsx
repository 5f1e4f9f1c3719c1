import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { useSiteSettings } from "../../features/site/api/site";
import { useTestClock } from "../../features/test-tools/api/test-tools";
import { RunDueRenewalsForm } from "../../features/test-tools/components/run-due-renewals-form";
import { formatDateTime } from "../../lib/dates";
import { testModeTexts as t } from "../../lib/messages";
import { pageTitle, siteOf } from "../../lib/site";
import NotFound from "../not-found";
import type { Route } from "./+types/test-tools";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.heading, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/** Test mode outside production only: anywhere else the page does not exist. */
export default function TestTools() {
  const settings = useSiteSettings();
  const available = settings.data?.testMode?.testTools === true;
  const clock = useTestClock(available);

  if (settings.isPending) return <LoadingScreen />;
  if (!available) return <NotFound />;
  return (
    <section aria-labelledby="test-tools-heading">
      <h1 id="test-tools-heading" className="h4 mb-1">
        {t.heading}
      </h1>
      <p className="text-body-secondary">{t.lead}</p>
      <div className="card border-0 shadow-sm">
        <div className="card-body">
          {clock.isError ? (
            <LoadError message={t.loadFailed} query={clock} />
          ) : clock.data ? (
            <p className="fw-semibold" data-testid="billing-clock">
              {t.clockReads(formatDateTime(clock.data.now))}
            </p>
          ) : null}
          <RunDueRenewalsForm />
        </div>
      </div>
    </section>
  );
}
