import type { Overview } from "@agency/contract";
import type { ReactNode } from "react";
import { Button } from "react-bootstrap";
import { CsvLink } from "../../components/csv-link";
import { QueryView } from "../../components/query-view";
import { useMemberPermissions } from "../../features/auth/api/session";
import { useOverview } from "../../features/overview/api/overview";
import { AccountingExport } from "../../features/overview/components/accounting-export";
import { BarChart } from "../../features/overview/components/bar-chart";
import { Churn } from "../../features/overview/components/churn";
import { PastDue } from "../../features/overview/components/past-due";
import { RecentCancellations } from "../../features/overview/components/recent-cancellations";
import { StatCard } from "../../features/overview/components/stat-card";
import { TopPlans } from "../../features/overview/components/top-plans";
import { formatCount } from "../../features/overview/format";
import { SetupChecklist } from "../../features/setup/components/setup-checklist";
import { formatDateTime, monthNames, weekNames } from "../../lib/dates";
import { adminPages, churnTexts, overviewPage as t } from "../../lib/messages";
import { useMoney } from "../../lib/money";

function Panel({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card border-0 shadow-sm h-100">
      <div className="card-body">
        <h2 id={id} className="h6 mb-3">
          {heading}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** The month (or week) with the most, for the charts' one-sentence summaries. */
function best<Item>(items: Item[], value: (item: Item) => number): Item | undefined {
  return items.reduce<Item | undefined>(
    (top, item) => (top && value(top) >= value(item) ? top : item),
    undefined,
  );
}

function Figures({ figures }: { figures: Overview }) {
  const { months, leadsByWeek, subscriptions, orders } = figures;
  const shopMoney = useMoney();
  const money = (amount: number) => shopMoney(amount, figures.currency);
  const hasSubscriptions = subscriptions.active + subscriptions.pastDue + subscriptions.canceled > 0;
  const revenueTotal = months.reduce((sum, month) => sum + month.revenue, 0);
  const customersTotal = months.reduce((sum, month) => sum + month.newCustomers, 0);
  const topRevenue = best(months, (month) => month.revenue);
  const topCustomers = best(months, (month) => month.newCustomers);
  const leadTotals = leadsByWeek.reduce(
    (sum, week) => ({
      contact: sum.contact + week.contact,
      query: sum.query + week.query,
      newsletter: sum.newsletter + week.newsletter,
    }),
    { contact: 0, query: 0, newsletter: 0 },
  );
  const monthBars = (value: (month: Overview["months"][number]) => number) =>
    months.map((month) => {
      const names = monthNames(month.month);
      return { key: month.month, label: names.short, title: names.long, values: [value(month)] };
    });

  return (
    <>
      <p className="small text-body-secondary">{t.asOf(formatDateTime(figures.asOf))}</p>
      <div className="row row-cols-2 row-cols-xl-5 g-2 g-md-3 mb-4">
        <StatCard
          label={t.revenueThisMonth}
          value={money(figures.revenueThisMonth)}
          note={t.netOfRefunds}
          testId="revenue-this-month"
        />
        {hasSubscriptions ? (
          <StatCard
            label={t.monthlyRecurringRevenue}
            value={money(figures.monthlyRecurringRevenue)}
            note={t.renewing(subscriptions.active, subscriptions.pastDue)}
            testId="monthly-recurring-revenue"
          />
        ) : null}
        <StatCard
          label={t.paidOrders}
          value={formatCount(orders.paid)}
          note={t.ofTotal(orders.total, formatCount(orders.total))}
          testId="paid-orders"
        />
        <StatCard
          label={t.unpaidOrders}
          value={formatCount(orders.unpaid)}
          note={t.ofTotal(orders.total, formatCount(orders.total))}
          testId="unpaid-orders"
        />
        <StatCard
          label={t.newCustomersThisMonth}
          value={formatCount(figures.newCustomersThisMonth)}
          note={t.signedUp}
          testId="new-customers"
        />
      </div>
      <div className="row g-3 mb-4">
        <div className="col-12 col-xl-6">
          <Panel id="overview-revenue" heading={t.revenueHeading}>
            <BarChart
              summary={t.revenueChart(
                months.length,
                money(revenueTotal),
                money(topRevenue?.revenue ?? 0),
                topRevenue ? monthNames(topRevenue.month).long : "",
              )}
              period={t.month}
              series={[{ name: t.revenue, color: "var(--bs-primary)" }]}
              bars={monthBars((month) => month.revenue)}
              format={money}
            />
          </Panel>
        </div>
        <div className="col-12 col-xl-6">
          <Panel id="overview-customers" heading={t.customersHeading}>
            <BarChart
              summary={t.customersChart(
                months.length,
                customersTotal,
                topCustomers?.newCustomers ?? 0,
                topCustomers ? monthNames(topCustomers.month).long : "",
              )}
              period={t.month}
              series={[{ name: t.customers, color: "var(--bs-success)" }]}
              bars={monthBars((month) => month.newCustomers)}
              format={formatCount}
            />
          </Panel>
        </div>
        <div className="col-12 col-xl-6">
          <Panel id="overview-leads" heading={t.leadsHeading}>
            <BarChart
              summary={t.leadsChart(
                leadsByWeek.length,
                leadTotals.contact,
                leadTotals.query,
                leadTotals.newsletter,
              )}
              period={t.week}
              series={[
                { name: t.leadKinds.contact, color: "var(--bs-primary)" },
                { name: t.leadKinds.query, color: "var(--bs-warning)" },
                { name: t.leadKinds.newsletter, color: "var(--bs-info)" },
              ]}
              bars={leadsByWeek.map((week) => {
                const names = weekNames(week.week);
                return {
                  key: week.week,
                  label: names.short,
                  title: names.long,
                  values: [week.contact, week.query, week.newsletter],
                };
              })}
              format={formatCount}
              labelEvery={2}
            />
          </Panel>
        </div>
        <div className="col-12 col-xl-6">
          <Panel id="overview-plans" heading={t.topPlansHeading}>
            <div className="row g-3">
              <TopPlans
                id="overview-plans-revenue"
                heading={t.byRevenue}
                plans={figures.topPlans.byRevenue}
                currency={figures.currency}
              />
              <TopPlans
                id="overview-plans-orders"
                heading={t.byOrders}
                plans={figures.topPlans.byOrders}
                currency={figures.currency}
              />
            </div>
          </Panel>
        </div>
        <div className="col-12">
          <Panel id="overview-churn" heading={churnTexts.heading}>
            <Churn id="overview-churn" churn={figures.churn} currency={figures.currency} />
          </Panel>
        </div>
        <div className="col-12">
          <Panel id="overview-past-due" heading={churnTexts.pastDueHeading}>
            <PastDue
              id="overview-past-due"
              items={figures.pastDue}
              total={subscriptions.pastDue}
              currency={figures.currency}
            />
          </Panel>
        </div>
        <div className="col-12">
          <Panel id="overview-cancellations" heading={t.cancellationsHeading}>
            <RecentCancellations id="overview-cancellations" items={figures.recentCancellations} />
          </Panel>
        </div>
      </div>
    </>
  );
}

/** The owner's Overview: money taken, recurring revenue, orders, new customers, leads, top plans. */
export default function OverviewPage() {
  const overview = useOverview();
  // The books are money: offered to a role that sees it (unknown yet: shown).
  const permissions = useMemberPermissions();
  const seesMoney = permissions?.has("money.view") ?? true;
  return (
    <section aria-labelledby="overview-heading">
      <div className="d-flex flex-wrap gap-3 align-items-start justify-content-between mb-3">
        <div>
          <h1 id="overview-heading" className="h4 mb-1">
            {t.heading}
          </h1>
          <p className="text-body-secondary mb-0">{t.lead}</p>
        </div>
        <div className="d-flex flex-wrap gap-2">
          {/* The books, for every role that sees money: narrowed to the orders it may see. */}
          <CsvLink path="/api/admin/orders.csv">{adminPages.exportOrders}</CsvLink>
          <CsvLink path="/api/admin/payments.csv">{adminPages.exportPayments}</CsvLink>
          <Button variant="outline-primary" onClick={() => overview.refetch()} disabled={overview.isFetching}>
            {t.refresh}
          </Button>
        </div>
      </div>
      {permissions?.has("shop.operate") ? <SetupChecklist /> : null}
      {seesMoney ? (
        <div className="mb-3">
          <AccountingExport />
        </div>
      ) : null}
      <QueryView query={overview} failed={t.loadFailed}>
        {(figures) => <Figures figures={figures} />}
      </QueryView>
    </section>
  );
}
