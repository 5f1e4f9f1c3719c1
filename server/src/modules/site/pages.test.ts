import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { writeWebBuild } from "../../../test/web-build.js";
import { pricingPlans } from "../../db/schema.js";
import { routeMatcher } from "../../plugins/web-app.js";
import { catalogChanged } from "../catalog/index.js";
import { saveSiteIdentity } from "../content/index.js";

describe("which paths are screens of the app", () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "routes-")), "route-patterns.json");
  writeFileSync(
    file,
    JSON.stringify(["/", "/home", "/checkout/:_id", "/dashboard/payment/:_id", "/privacy__policy"]),
  );
  const isAppRoute = routeMatcher(file);

  it.each(["/", "/home", "/home/", "/checkout/123", "/dashboard/payment/abc", "/Privacy__Policy"])(
    "%s is",
    (p) => {
      expect(isAppRoute(p)).toBe(true);
    },
  );

  it.each(["/nope", "/checkout", "/checkout/1/2", "/dashboard/payment", "/home/extra"])("%s is not", (p) => {
    expect(isAppRoute(p)).toBe(false);
  });

  it("treats every path as a screen when the build wrote no patterns", () => {
    expect(routeMatcher(undefined)("/anything")).toBe(true);
  });
});

describe("pages rendered on the server", () => {
  let ctx: TestContext;
  let webDir: string;
  let siteFile: string;
  beforeAll(async () => {
    webDir = writeWebBuild({ pages: { "/": { title: "Home" } } });
    siteFile = path.join(mkdtempSync(path.join(os.tmpdir(), "site-")), "site.json");
    writeFileSync(siteFile, JSON.stringify({ name: "Harbour Studio" }));
    ctx = await createTestApp({ env: { WEB_DIR: webDir, SITE_CONFIG: siteFile } });
  });
  afterAll(() => ctx.close());

  async function cheapestMonthlyPlan() {
    const [plan] = await ctx.db
      .select()
      .from(pricingPlans)
      .where(eq(pricingPlans.duration, "monthly"))
      .orderBy(asc(pricingPlans.newPriceCents))
      .limit(1);
    if (!plan) throw new Error("the demo content has no monthly plan");
    return plan;
  }

  it("puts the site identity and every plan with its price from the database in the page", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<title>Home | Harbour Studio</title>");
    const plans = await ctx.db.select().from(pricingPlans);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(response.body).toContain(`${plan.title} ${plan.duration} $${plan.newPriceCents / 100}`);
    }
  });

  it("keeps the rendered page until the catalog changes, then shows the new price on the next request", async () => {
    const plan = await cheapestMonthlyPlan();
    const first = await ctx.app.inject({ method: "GET", url: "/" });
    const second = await ctx.app.inject({ method: "GET", url: "/" });
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");

    // A write without telling the cache is not seen: the page is served from memory.
    await ctx.db.update(pricingPlans).set({ newPriceCents: 4321 }).where(eq(pricingPlans.id, plan.id));
    const unchanged = await ctx.app.inject({ method: "GET", url: "/" });
    expect(unchanged.body).not.toContain(`${plan.title} monthly $43.21`);

    await catalogChanged(ctx.db, "plans");
    const changed = await ctx.app.inject({
      method: "GET",
      url: "/",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain(`${plan.title} monthly $43.21`);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it("shows the site identity the owner saves on the next request, without a rebuild", async () => {
    const before = await ctx.app.inject({ method: "GET", url: "/" });
    expect(before.body).toContain("| Harbour Studio</title>");
    const owner = { type: "system" as const, label: "test" };
    await saveSiteIdentity(ctx.db, owner, ctx.config.site, { ...ctx.config.site, name: "Northwind Growth" });
    const after = await ctx.app.inject({ method: "GET", url: "/" });
    expect(after.body).toContain("<title>Home | Northwind Growth</title>");
  });

  it("renders the same page whoever asks: cookies do not reach the render", async () => {
    const anonymous = await ctx.app.inject({ method: "GET", url: "/" });
    const withCookie = await ctx.app.inject({
      method: "GET",
      url: "/",
      headers: { cookie: "better-auth.session_token=abc" },
    });
    expect(withCookie.headers.etag).toBe(anonymous.headers.etag);
    expect(withCookie.headers["set-cookie"]).toBeUndefined();
  });
});
