import type { OverviewChurn, OverviewChurnMonth } from "@agency/contract";
import { type DataColumn, DataList } from "../../../components/data-list";
import { overviewPage, churnTexts as t } from "../../../lib/messages";
import { useMoney } from "../../../lib/money";
import { formatCount, formatPercent } from "../format";
import { StatCard } from "./stat-card";

const rate = (month: OverviewChurnMonth) => (month.churnRate === null ? "–" : formatPercent(month.churnRate));

type ReasonRow = OverviewChurn["reasons"][number];

const reasonColumns: DataColumn<ReasonRow>[] = [
  {
    header: t.reason,
    cell: (row) => row.reason ?? <span className="text-body-secondary">{overviewPage.noReason}</span>,
    className: "text-break",
  },
  { header: t.count, cell: (row) => formatCount(row.count) },
];

/**
 * This month's churn beside last month's: cancellations, failed renewals and the churn rate of
 * recurring revenue, then the reasons customers gave this month.
 */
export function Churn({ id, churn, currency }: { id: string; churn: OverviewChurn; currency: string }) {
  const { thisMonth, previousMonth } = churn;
  const shopMoney = useMoney();
  const money = (amount: number) => shopMoney(amount, currency);
  return (
    <>
      <p className="small text-body-secondary">{t.lead}</p>
      <div className="row row-cols-1 row-cols-md-3 g-2 g-md-3 mb-3">
        <StatCard
          label={t.cancellations}
          value={formatCount(thisMonth.cancellations)}
          note={t.previous(formatCount(previousMonth.cancellations))}
          testId="churn-cancellations"
        />
        <StatCard
          label={t.failedRenewals}
          value={formatCount(thisMonth.failedRenewals)}
          note={t.previous(formatCount(previousMonth.failedRenewals))}
          testId="churn-failed-renewals"
        />
        <StatCard
          label={t.churnRate}
          value={rate(thisMonth)}
          note={
            thisMonth.churnRate === null
              ? t.noRate
              : `${t.lost(money(thisMonth.recurringRevenueLost), money(thisMonth.recurringRevenueAtStart))} · ${t.previous(rate(previousMonth))}`
          }
          testId="churn-rate"
        />
      </div>
      <h3 id={`${id}-reasons`} className="h6">
        {t.reasonsHeading}
      </h3>
      {churn.reasons.length === 0 ? (
        <p className="text-body-secondary mb-0">{t.noReasons}</p>
      ) : (
        <DataList
          labelledBy={`${id}-reasons`}
          columns={reasonColumns}
          rows={churn.reasons}
          rowKey={(row) => row.reason ?? ""}
        />
      )}
    </>
  );
}
