/**
 * Every key of the query cache, in one place: a list and the writes that change it name the same
 * key, and a key that is a prefix of others (`orders.all`) refreshes all of them at once.
 */
export const queryKeys = {
  session: ["session"] as const,
  adminStatus: (email: string | undefined) => ["admin-status", email] as const,
  adminStatusAll: ["admin-status"] as const,
  siteSettings: ["site-settings"] as const,
  signInMethods: ["sign-in-methods"] as const,
  /** The signed-in person's two-factor sign-in, and whether the shop requires it of them. */
  twoFactor: ["two-factor"] as const,
  siteContent: ["site-content"] as const,
  /** The shop's currency as its editor reads it (with whether a sale was made). */
  shopMoney: ["shop-money"] as const,
  invoicing: ["invoicing-settings"] as const,

  services: ["services"] as const,
  pricing: {
    all: ["pricing"] as const,
    plan: (id: string) => ["pricing", id] as const,
    /** What paying for the plan (with the add-ons ticked) now charges and renews at; the billing clock dates it. */
    terms: (id: string, addonIds: readonly string[] = []) => ["pricing", id, "terms", ...addonIds] as const,
    /** What an applied promo code takes off the plan with the add-ons ticked. */
    promo: (id: string, code: string, addonIds: readonly string[]) =>
      ["pricing", id, "promo", code, ...addonIds] as const,
  },
  /** Every review list, the landing carousel's `["reviews"]` included. */
  reviews: {
    all: ["reviews"] as const,
    mine: ["reviews", "mine"] as const,
    page: (page: number, size: number) => ["reviews", "manage", page, size] as const,
    count: ["review-count"] as const,
  },
  blogs: ["blogs"] as const,
  /** The catalog editor's lists (archived items included) and the promo codes. */
  catalogEditor: {
    services: ["catalog-editor", "services"] as const,
    plans: ["catalog-editor", "plans"] as const,
  },
  promoCodes: ["promo-codes"] as const,
  blogEntries: ["blogs", "entries"] as const,

  orders: {
    /** The signed-in customer's orders (My Orders). */
    all: ["orders"] as const,
    mine: (email: string | undefined) => ["orders", email] as const,
    /** One order, as the payment page shows it. */
    one: (id: string) => ["order", id] as const,
    oneAll: ["order"] as const,
    terms: (id: string) => ["order", id, "terms"] as const,
    /** All Orders (admin). */
    adminAll: ["all-orders"] as const,
    adminPage: (page: number, start: string) => ["all-orders", page, start] as const,
  },
  payments: {
    intent: (orderId: string) => ["payment-intent", orderId] as const,
    historyAll: ["payment-history"] as const,
    history: (email: string | undefined) => ["payment-history", email] as const,
    adminDetails: (orderId: string) => ["admin-payment", orderId] as const,
  },
  receipt: (id: string) => ["receipt", id] as const,
  /** Quotes and invoices: the dashboard's list and details, and a customer's link. */
  sales: {
    all: ["sales"] as const,
    list: (filter: string) => ["sales", "list", filter] as const,
    one: (id: string) => ["sales", "one", id] as const,
    payments: (id: string) => ["sales", "payments", id] as const,
    invitation: (token: string) => ["sales-link", token, "invitation"] as const,
    link: (token: string) => ["sales-link", token] as const,
  },
  /** The owner's Overview: revenue, orders, customers, leads and top plans. */
  overview: ["admin-overview"] as const,
  setup: ["admin-setup"] as const,
  templates: ["admin-templates"] as const,
  rules: { all: ["admin-rules"] as const },
  time: {
    all: ["time"] as const,
    order: (orderId: string) => ["time", "order", orderId] as const,
    running: ["time", "running"] as const,
    workload: ["time", "workload"] as const,
    unbilled: (companyId: string) => ["time", "unbilled", companyId] as const,
  },
  testClock: ["test-clock"] as const,
  subscriptions: {
    summary: ["subscription-summary"] as const,
    cardLink: (id: string) => ["subscription-card-link", id] as const,
  },

  users: {
    all: ["users"] as const,
    page: (page: number, start: string) => ["users", page, start] as const,
  },
  /** The team page: members with the open invitations, and the roles. */
  team: {
    all: ["team"] as const,
    members: ["team", "members"] as const,
    roles: ["team", "roles"] as const,
    twoFactor: ["team", "two-factor"] as const,
  },
  /** The API keys page: the keys and the roles a key may hold. */
  apiKeys: ["api-keys"] as const,
  /** What a mailed invitation link offers (the join page). */
  invitation: (token: string) => ["team-invitation", token] as const,
  leads: (kind: string, page: number, start: string) => ["leads", kind, page, start] as const,
  /** The audit log (admin): every page of it, and one page of a filter. */
  audit: {
    all: ["audit-log"] as const,
    page: (page: number, start: string) => ["audit-log", page, start] as const,
  },
  jobs: {
    all: ["admin-jobs"] as const,
    page: (status: string, page: number) => ["admin-jobs", status, page] as const,
  },
  /** An order's work: its detail page, thread, unread counts and the plans' brief questions. */
  workflow: {
    detail: (audience: string, id: string) => ["order-detail", audience, id] as const,
    thread: (orderId: string) => ["order-messages", orderId] as const,
    unread: ["unread-messages"] as const,
    briefQuestions: (planId: string | undefined) => ["brief-questions", planId] as const,
    /** The members an order may be assigned to. */
    assignees: ["team-assignees"] as const,
  },
  /** The work board: every view of it, and one filtered view (its query string). */
  board: {
    all: ["work-board"] as const,
    view: (query: string) => ["work-board", query] as const,
  },
  /** The owner's webhook and chat endpoints, and one endpoint's deliveries a page at a time. */
  webhooks: {
    all: ["webhooks"] as const,
    endpoints: ["webhooks", "endpoints"] as const,
    deliveries: (endpointId: string, page: number) => ["webhooks", "deliveries", endpointId, page] as const,
  },
  mailPreferences: ["mail-preferences"] as const,
  /** The caller's company page: details, people and open invitations. */
  company: {
    all: ["company"] as const,
    page: ["company", "page"] as const,
    invitations: ["company", "invitations"] as const,
    followers: (orderId: string) => ["company", "followers", orderId] as const,
  },
  companyInvitation: (token: string) => ["company-invitation", token] as const,
  newsletterConfirmation: (token: string) => ["newsletter-confirmation", token] as const,
} as const;
