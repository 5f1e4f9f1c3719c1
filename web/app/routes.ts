import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// SPEC §2: the route table, nested as there.
export default [
  layout("routes/public/layout.tsx", [
    route("/", "routes/public/landing.tsx", [
      index("routes/public/monthly-pricing.tsx", { id: "pricing-default" }),
      route("home", "routes/public/monthly-pricing.tsx", { id: "pricing-monthly" }),
      route("yearly-billed", "routes/public/yearly-pricing.tsx", { id: "pricing-yearly" }),
    ]),
    route("contact-us", "routes/public/contact-us.tsx"),
    route("blogs", "routes/public/blogs.tsx"),
    route("blogs/:slug", "routes/public/blog-post.tsx"),
    route("about-us", "routes/public/about-us.tsx"),
    route("privacy__policy", "routes/public/privacy-policy.tsx"),
    route("login", "routes/account/login.tsx"),
    route("sign-up", "routes/account/sign-up.tsx"),
    route("forgot__password", "routes/account/forgot-password.tsx"),
    route("reset__password", "routes/account/reset-password.tsx"),
    route("team/join/:token", "routes/account/join-team.tsx"),
    route("newsletter/confirm", "routes/public/newsletter-confirm.tsx"),
    route("unsubscribe", "routes/public/unsubscribe.tsx"),
    layout("routes/guards/require-user.tsx", { id: "require-user-checkout" }, [
      route("checkout/:_id", "routes/checkout/checkout.tsx"),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
  // Signed-in only (the server authorizes every call regardless).
  layout("routes/guards/require-user.tsx", [
    route("dashboard", "routes/dashboard/layout.tsx", [
      index("routes/dashboard/profile.tsx", { id: "dashboard-index" }),
      route("profile", "routes/dashboard/profile.tsx", { id: "dashboard-profile" }),
      route("profile/edit", "routes/dashboard/edit-profile.tsx"),
      route("add-review", "routes/dashboard/add-review.tsx"),
      route("my-orders", "routes/dashboard/my-orders.tsx"),
      route("my-orders/:id", "routes/dashboard/order-detail.tsx"),
      route("payment/:_id", "routes/dashboard/payment.tsx"),
      route("payment-history", "routes/dashboard/payment-history.tsx"),
      route("subscription/:_id/card", "routes/dashboard/update-card.tsx"),
      route("notifications", "routes/dashboard/notifications.tsx"),
      route("receipts/:id", "routes/dashboard/receipt.tsx"),
    ]),
    layout("routes/guards/require-admin.tsx", [
      route("dashboard/admin", "routes/admin/layout.tsx", [
        index("routes/admin/all-users.tsx", { id: "admin-index" }),
        route("all__user", "routes/admin/all-users.tsx", { id: "admin-all-users" }),
        route("overview", "routes/admin/overview.tsx"),
        route("manage__reviews", "routes/admin/manage-reviews.tsx"),
        route("all__orders", "routes/admin/all-orders.tsx"),
        route("board", "routes/admin/board.tsx"),
        route("add__blog", "routes/admin/add-blog.tsx"),
        route("leads", "routes/admin/leads.tsx"),
        route("audit", "routes/admin/audit-log.tsx"),
        route("jobs", "routes/admin/jobs.tsx"),
        route("integrations", "routes/admin/integrations.tsx"),
        route("payment/:_id", "routes/admin/payment.tsx"),
        route("orders/:id", "routes/admin/order-detail.tsx"),
        route("brief-questions", "routes/admin/brief-questions.tsx"),
        route("catalog", "routes/admin/catalog.tsx"),
        route("promo-codes", "routes/admin/promo-codes.tsx"),
        route("site-content", "routes/admin/site-content.tsx"),
        route("test-tools", "routes/admin/test-tools.tsx"),
        route("team", "routes/admin/team.tsx"),
        route("api-keys", "routes/admin/api-keys.tsx"),
      ]),
    ]),
  ]),
] satisfies RouteConfig;
