import type { OverviewPlan } from "@agency/contract";
import { type DataColumn, DataList } from "../../../components/data-list";
import { overviewPage as t } from "../../../lib/messages";
import { Money } from "../../../lib/money";
import { formatCount } from "../format";

/** The columns, revenue in the Overview's `currency`. */
const columns = (currency: string): DataColumn<OverviewPlan>[] => [
  { header: t.rank, cell: (_, index) => index + 1 },
  { header: t.plan, cell: (plan) => t.planName(plan.service, plan.duration) },
  {
    header: t.revenue,
    cell: (plan) => <Money amount={plan.revenue} currency={currency} />,
    className: "text-nowrap",
  },
  { header: t.orders, cell: (plan) => formatCount(plan.orders) },
];

/** One ranking of the plans (by revenue or by orders) as a table, or as cards on phones. */
export function TopPlans({
  id,
  heading,
  plans,
  currency,
}: {
  id: string;
  heading: string;
  plans: OverviewPlan[];
  currency: string;
}) {
  return (
    <section aria-labelledby={id} className="col-12">
      <h3 id={id} className="h6">
        {heading}
      </h3>
      {plans.length === 0 ? (
        <p className="text-body-secondary">{t.noPlans}</p>
      ) : (
        <DataList labelledBy={id} columns={columns(currency)} rows={plans} rowKey={(plan) => plan.planId} />
      )}
    </section>
  );
}
