import { QueryView } from "../../components/query-view";
import { useWorkload } from "../../features/time/api/workload";
import { WorkloadTable } from "../../features/time/components/workload-table";
import { formatBillingDate } from "../../lib/dates";
import { workloadPage as t } from "../../lib/messages/workday";
import { pageTitle, siteOf } from "../../lib/site";
import type { Route } from "./+types/workload";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.title, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/** Who carries what this week: for the members who assign the work (`orders.assign`). */
export default function WorkloadPage() {
  const workload = useWorkload();
  return (
    <section aria-labelledby="workload-heading">
      <h1 id="workload-heading" className="h4 mb-1">
        {t.heading}
      </h1>
      <QueryView query={workload} failed={t.failed}>
        {(data) => (
          <>
            <p className="text-body-secondary">{t.lead(formatBillingDate(data.weekStart))}</p>
            <WorkloadTable members={data.members} currency={data.currency} labelledBy="workload-heading" />
          </>
        )}
      </QueryView>
    </section>
  );
}
