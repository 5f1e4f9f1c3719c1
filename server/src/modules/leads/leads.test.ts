import { ErrorResponse, LeadStored, leadLimits } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { leads } from "../../db/schema.js";

let ctx: TestContext;
beforeAll(async () => {
  // A limit no test here reaches; the limit itself has its own app below.
  ctx = await createTestApp({ env: { LEADS_RATE_LIMIT: "1000" } });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.delete(leads);
});

function post(url: string, payload: unknown, remoteAddress = "203.0.113.10") {
  return ctx.app.inject({ method: "POST", url, payload: payload as object, remoteAddress });
}

const valid = {
  contact: { url: "/api/leads/contact", body: { name: "Ada", email: "ada@example.com", message: "Hello!" } },
  query: { url: "/api/leads/query", body: { website: "https://ada.example", email: "ada@example.com" } },
  newsletter: { url: "/api/newsletter", body: { email: "ada@example.com" } },
} as const;

describe("leads", () => {
  it("stores a contact message, trimmed, and answers 201 with its id", async () => {
    const response = await post("/api/leads/contact", {
      name: "  Ada Lovelace ",
      email: " ada@example.com ",
      message: " I would like a new landing page. ",
    });
    expect(response.statusCode).toBe(201);
    const stored = LeadStored.parse(response.json());
    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, stored.insertedId));
    expect(row).toMatchObject({
      kind: "contact",
      name: "Ada Lovelace",
      email: "ada@example.com",
      message: "I would like a new landing page.",
      website: null,
    });
  });

  it("stores a query-form request with the website and the email", async () => {
    const response = await post("/api/leads/query", { website: "grace.example", email: "grace@example.com" });
    expect(response.statusCode).toBe(201);
    const rows = await ctx.db.select().from(leads);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "query", website: "grace.example", email: "grace@example.com" });
  });

  it("keeps one newsletter subscription per address, whatever its case", async () => {
    const first = LeadStored.parse((await post("/api/newsletter", { email: "Linus@Example.com" })).json());
    const again = await post("/api/newsletter", { email: "linus@example.com" });
    expect(again.statusCode).toBe(201);
    expect(LeadStored.parse(again.json()).insertedId).toBe(first.insertedId);
    const rows = await ctx.db.select().from(leads).where(eq(leads.kind, "newsletter"));
    expect(rows.map((row) => row.email)).toEqual(["Linus@Example.com"]);
  });

  it.each(Object.entries(valid))(
    "rejects a bad email address for %s with 400 and stores nothing",
    async (_, call) => {
      for (const email of ["not-an-email", "ada@", "ada@example", "", "   "]) {
        const response = await post(call.url, { ...call.body, email });
        expect(response.statusCode, email).toBe(400);
        const error = ErrorResponse.parse(response.json()).error;
        expect(error.code).toBe("bad_request");
        expect(error.fields).toHaveProperty("email");
      }
      expect(await ctx.db.$count(leads)).toBe(0);
    },
  );

  const oversize: [string, string, Record<string, unknown>][] = [
    ["contact", valid.contact.url, { ...valid.contact.body, name: "n".repeat(leadLimits.name + 1) }],
    ["contact", valid.contact.url, { ...valid.contact.body, message: "m".repeat(leadLimits.message + 1) }],
    [
      "contact",
      valid.contact.url,
      { ...valid.contact.body, email: `${"a".repeat(leadLimits.email)}@example.com` },
    ],
    [
      "query",
      valid.query.url,
      { ...valid.query.body, website: `https://${"w".repeat(leadLimits.website)}.com` },
    ],
    ["newsletter", valid.newsletter.url, { email: `${"a".repeat(leadLimits.email)}@example.com` }],
  ];
  it.each(oversize)("rejects oversize input for %s with 400 and stores nothing", async (_, url, body) => {
    const response = await post(url, body);
    expect(response.statusCode).toBe(400);
    expect(ErrorResponse.parse(response.json()).error.code).toBe("bad_request");
    expect(await ctx.db.$count(leads)).toBe(0);
  });

  it.each([
    ["a contact message without a name", valid.contact.url, { email: "ada@example.com", message: "Hi" }],
    ["a contact message of spaces only", valid.contact.url, { ...valid.contact.body, message: "   " }],
    ["a query without a website", valid.query.url, { email: "ada@example.com" }],
    ["a body that is not an object", valid.newsletter.url, ["ada@example.com"]],
  ])("rejects %s with 400", async (_, url, body) => {
    const response = await post(url, body);
    expect(response.statusCode).toBe(400);
    expect(await ctx.db.$count(leads)).toBe(0);
  });

  it("lists the lead calls in the API documentation", async () => {
    const document = (await ctx.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/api/leads/contact", "/api/leads/query", "/api/newsletter"]),
    );
  });
});

describe("leads rate limit", () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ env: { LEADS_RATE_LIMIT: "3" } });
  });
  afterAll(() => limited.close());

  it.each(Object.entries(valid))(
    "limits %s per client and stores nothing over the limit",
    async (_, call) => {
      const send = (remoteAddress: string) =>
        limited.app.inject({ method: "POST", url: call.url, payload: call.body, remoteAddress });
      for (let attempt = 0; attempt < 3; attempt++) expect((await send("198.51.100.7")).statusCode).toBe(201);
      const before = await limited.db.$count(leads);

      const refused = await send("198.51.100.7");
      expect(refused.statusCode).toBe(429);
      expect(ErrorResponse.parse(refused.json()).error.code).toBe("rate_limited");
      expect(refused.headers["retry-after"]).toBeDefined();
      expect(await limited.db.$count(leads)).toBe(before);

      // Another client is not affected.
      expect((await send("198.51.100.8")).statusCode).toBe(201);
    },
  );
});
