import { adminPages as t } from "../../../lib/messages";
import { useMoney } from "../../../lib/money";
import { useSubscriptionSummary } from "../api/subscriptions";

/** All Orders' revenue card: monthly recurring revenue. */
export function RecurringRevenue() {
  const money = useMoney();
  const summary = useSubscriptionSummary();
  return (
    <div className="card border-0 shadow-sm border-start border-4 border-info mb-4">
      <div className="card-body">
        <dl className="mb-0">
          <dt className="text-body-secondary small">{t.monthlyRecurringRevenue}</dt>
          <dd className="h3 mb-0" data-testid="monthly-recurring-revenue">
            {summary.data ? money(summary.data.monthlyRecurringRevenue, summary.data.currency) : "…"}
          </dd>
        </dl>
      </div>
    </div>
  );
}
