import { apiKeyMessages, builtInRoles, type Permission } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCallFor } from "../test/access-calls.js";
import { type AccessWorld, bookkeeper, type Call, prepareAccessWorld } from "../test/access-world.js";
import { createAccount } from "../test/accounts.js";
import { bearer, makeApiKey, makeRole } from "../test/api-keys.js";
import { createTestApp, type TestContext } from "../test/helpers.js";
import { apiKeys } from "./db/schema.js";

/**
 * Every API route called with an API key of each role a key may hold (Admin, Staff and a custom
 * role; never the owner's), on a world of its own: a key gets what a session of its role gets
 * (access.test.ts), and the Admin key's call does each team route's work. Customer and account
 * routes refuse keys; so do the few only a person may call.
 */
const roles: Record<string, readonly Permission[]> = {
  admin: builtInRoles.admin.permissions,
  staff: builtInRoles.staff.permissions,
  bookkeeper,
};

/**
 * Team routes only a person signed in may call: managing keys, the owner's own calls (the
 * hand-over, making an Admin), a member's own time (a key has no timer or entries) and the rules,
 * which act as the member who wrote them.
 */
const peopleOnly = [
  "GET /api/admin/automations",
  "POST /api/admin/automations",
  "PUT /api/admin/automations/:id",
  "POST /api/admin/automations/:id/pause",
  "DELETE /api/admin/automations/:id",
  "POST /api/admin/orders/:id/time",
  "POST /api/admin/orders/:id/time/start",
  "POST /api/admin/time/stop",
  "GET /api/admin/time/running",
  "GET /api/admin/time/week",
  "PATCH /api/admin/time/:id",
  "DELETE /api/admin/time/:id",
  "PUT /api/user/admin/:email",
  "GET /api/admin/api-keys",
  "POST /api/admin/api-keys",
  "POST /api/admin/api-keys/:id/revoke",
  "POST /api/team/owner",
  "PUT /api/team/two-factor",
  "POST /api/team/members/:id/two-factor/reset",
];

// Built before the cases are listed: the cases are the routes the app declares (access.test.ts
// checks that list against its own, line by line).
const ctx: TestContext = await createTestApp({ env: { METRICS_TOKEN: "metrics-token-for-the-tests-0123" } });
let world: AccessWorld;
const keys: Record<string, string> = {};
const declared = [...ctx.app.routeAccess];
// Running the due jobs sends the queued mail that the job retry acts on: it goes last.
const runsJobs = "POST /api/admin/test-tools/run-due";
const teamRoutes = declared
  .filter(([, access]) => access.startsWith("team:"))
  .map(([route, access]) => [route, access.slice("team:".length) as Permission | "any"] as const)
  .sort(([a], [b]) => Number(a === runsJobs) - Number(b === runsJobs));

beforeAll(async () => {
  world = await prepareAccessWorld(ctx);
  const owner = await createAccount(ctx, { role: "owner" });
  const bookkeepers = await makeRole(ctx, owner, "Bookkeepers", bookkeeper);
  for (const [name, role] of [
    ["admin", "admin"],
    ["staff", "staff"],
    ["bookkeeper", bookkeepers],
  ] as const) {
    keys[name] = (await makeApiKey(ctx, owner, { role, name })).key;
  }
  // Admin keys that can no longer be used: one revoked, one past its expiry.
  const revoked = await makeApiKey(ctx, owner, { role: "admin", name: "revoked" });
  await ctx.app.inject({
    method: "POST",
    url: `/api/admin/api-keys/${revoked.id}/revoke`,
    headers: { cookie: owner.cookie },
  });
  const expired = await makeApiKey(ctx, owner, { role: "admin", name: "expired" });
  await ctx.db
    .update(apiKeys)
    .set({ expiresAt: new Date(Date.now() - 1) })
    .where(eq(apiKeys.id, expired.id));
  ctx.app.sessionCache.clear();
  keys.revoked = revoked.key;
  keys.expired = expired.key;
});
afterAll(() => ctx.close());

const withKey = (call: Call, key = "") =>
  ctx.app.inject({ ...call, headers: { ...call.headers, ...bearer(key) } });

describe("who may call what with an API key", () => {
  it.each(teamRoutes)(
    "%s (%s): 401 for a revoked or expired key, 403 for each key whose role lacks the permission",
    async (route, permission) => {
      const call = await adminCallFor(ctx, world, route);
      for (const refused of ["revoked", "expired"]) {
        expect([refused, (await withKey(call, keys[refused])).statusCode]).toEqual([refused, 401]);
      }
      const allowed = Object.keys(roles).filter(
        (role) => permission === "any" || roles[role]?.includes(permission),
      );
      for (const role of Object.keys(roles).filter((role) => !allowed.includes(role))) {
        expect([role, (await withKey(call, keys[role])).statusCode]).toEqual([role, 403]);
      }
      if (peopleOnly.includes(route)) {
        for (const role of allowed) {
          const response = await withKey(call, keys[role]);
          expect([role, response.statusCode]).toEqual([role, 403]);
        }
        return;
      }
      // The Admin key does the work; the other keys allowed get past the check, and nothing fails.
      const done = await withKey(call, keys.admin);
      expect(done.statusCode, done.body).toBeLessThan(300);
      for (const role of allowed.filter((role) => role !== "admin")) {
        const response = await withKey(call, keys[role]);
        expect([role, response.statusCode]).not.toEqual([role, 403]);
        expect([role, response.statusCode]).not.toEqual([role, 401]);
        expect(response.statusCode, response.body).toBeLessThan(500);
      }
    },
  );

  it("refuses every customer and account route with a 403, and a key that cannot be used with a 401", async () => {
    const { customer, orderId } = world;
    const userRoutes = declared
      .filter(([, access]) => access === "user")
      .map(([route]) => route.split(" ") as [Call["method"], string]);
    expect(userRoutes.length).toBeGreaterThan(30);
    for (const [method, path] of userRoutes) {
      const call: Call = {
        method,
        url: path.replace(":email", customer.email).replace(":id", orderId),
        payload: method === "GET" || method === "DELETE" ? undefined : {},
      };
      const response = await withKey(call, keys.admin);
      expect([method, path, response.statusCode, response.json().error.message]).toEqual([
        method,
        path,
        403,
        apiKeyMessages.teamRoutesOnly,
      ]);
    }
    const metrics = await withKey({ method: "GET", url: "/api/metrics" }, keys.admin);
    expect(metrics.statusCode).toBe(401);
  });
});
