// The owner's Overview (admin home figures).

export const overviewPage = {
  menu: "Overview",
  title: "Overview",
  heading: "Overview",
  lead: "How the shop is doing: money taken, orders, new customers and leads. Months and weeks are counted in UTC.",
  asOf: (time: string) =>
    `Figures as of ${time}; they are worked out again every 30 seconds, and within seconds of a payment.`,
  refresh: "Refresh",
  loadFailed: "We couldn't load the overview.",
  revenueThisMonth: "Revenue this month",
  netOfRefunds: "Payments less refunds",
  monthlyRecurringRevenue: "Monthly recurring revenue",
  renewing: (active: number, pastDue: number) =>
    pastDue > 0
      ? `${active} active, ${pastDue} with a failed renewal`
      : `${active} active ${active === 1 ? "subscription" : "subscriptions"}`,
  paidOrders: "Paid orders",
  unpaidOrders: "Unpaid orders",
  ofTotal: (total: number, shown: string) => `of ${shown} ${total === 1 ? "order" : "orders"}`,
  newCustomersThisMonth: "New customers this month",
  signedUp: "Accounts opened",
  revenueHeading: "Revenue, last 12 months",
  revenueChart: (months: number, total: string, best: string, bestMonth: string) =>
    `Bar chart of revenue over the last ${months} months: ${total} in all, the most in ${bestMonth} (${best}).`,
  customersHeading: "New customers, last 12 months",
  customersChart: (months: number, total: number, best: number, bestMonth: string) =>
    `Bar chart of new customers over the last ${months} months: ${total} in all, the most in ${bestMonth} (${best}).`,
  leadsHeading: "Leads per week, last 12 weeks",
  leadsChart: (weeks: number, contact: number, query: number, newsletter: number) =>
    `Stacked bar chart of leads over the last ${weeks} weeks: ${contact} contact messages, ${query} query-form requests and ${newsletter} newsletter sign-ups.`,
  month: "Month",
  week: "Week of",
  revenue: "Revenue",
  customers: "New customers",
  leadKinds: { contact: "Contact", query: "Query form", newsletter: "Newsletter" },
  showFigures: "Show the figures",
  topPlansHeading: "Top plans, last 12 months",
  byRevenue: "By revenue",
  byOrders: "By orders",
  plan: "Plan",
  orders: "Orders",
  rank: "#",
  planName: (service: string, duration: string) => `${service} (${duration})`,
  noPlans: "No plan was paid for in the last 12 months.",
  cancellationsHeading: "Recent cancellations",
  cancellationOrder: "Order",
  cancellationCustomer: "Customer",
  cancellationDate: "Cancelled on",
  cancellationReason: "Reason",
  noReason: "No reason given",
  noCancellations: "No customer has cancelled a plan.",
} as const;

/** The Overview's churn: cancellations, failed renewals, lost recurring revenue, past-due plans. */
export const churnTexts = {
  heading: "Churn this month",
  lead: "Recurring revenue lost this month over what recurred when it began: plans cancelled, or ended when their renewals failed for good or the order was cancelled.",
  cancellations: "Cancellations",
  failedRenewals: "Failed renewals",
  churnRate: "Churn rate",
  previous: (value: string) => `${value} last month`,
  lost: (lost: string, atStart: string) => `${lost} of ${atStart} a month`,
  noRate: "No recurring revenue at the start of the month",
  reasonsHeading: "Reasons given this month",
  reason: "Reason",
  count: "Cancellations",
  noReasons: "No plan was cancelled this month.",
  pastDueHeading: "Past due",
  pastDueLead: (shown: number, total: number) =>
    shown < total ? `The ${shown} longest overdue of ${total}.` : "Renewals being retried.",
  order: "Order",
  customer: "Customer",
  plan: "Plan",
  dueSince: "Due since",
  attempts: "Failed attempts",
  nextAttempt: "Next attempt",
  noNextAttempt: "None",
  amount: "Amount",
  noPastDue: "No subscription is past due.",
} as const;
