import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// SPEC §2: the route table, nested as there.
export default [
  layout("routes/public/layout.tsx", [
    route("/", "routes/public/landing.tsx", [
      index("routes/public/monthly-pricing.tsx", { id: "pricing-default" }),
      route("home", "routes/public/monthly-pricing.tsx", { id: "pricing-monthly" }),
      route("yearly-billed", "routes/public/yearly-pricing.tsx", { id: "pricing-yearly" }),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
