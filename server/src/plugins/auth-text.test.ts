import { controlCharacterMessage, ErrorResponse } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { authHeaders, createAccount, type TestAccount } from "../../test/accounts.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { user } from "../db/schema.js";
import { authLogger, loggedError } from "./logging.js";

let ctx: TestContext;
let account: TestAccount;
/** Everything the app printed: its log lines and anything written to the console. */
let printed: string[] = [];
const consoleMethods = ["error", "warn", "info", "log", "debug"] as const;

beforeAll(async () => {
  // Logging as `npm start` does, so Better Auth's own logger is on too.
  ctx = await createTestApp({
    env: { LOG_LEVEL: "info" },
    logStream: { write: (text: string) => printed.push(text) > 0 },
  });
  account = await createAccount(ctx);
});
afterAll(() => ctx.close());
beforeEach(() => {
  printed = [];
  for (const method of consoleMethods) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(" "));
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
});

function refusedField(response: { statusCode: number; json(): unknown }, field: string) {
  expect(response.statusCode).toBe(400);
  const { error } = ErrorResponse.parse(response.json());
  expect(error).toEqual({
    code: "bad_request",
    message: `Invalid ${field}: ${controlCharacterMessage}`,
    fields: { [field]: controlCharacterMessage },
  });
}

const noStatementPrinted = () =>
  expect(printed.join("\n")).not.toMatch(/update "user"|Failed query|params:/i);

async function sessionName(): Promise<string | undefined> {
  const response = await ctx.app.inject({
    method: "GET",
    url: "/api/auth/get-session",
    headers: authHeaders(ctx, account.cookie),
  });
  return response.json()?.user?.name;
}

describe("Better Auth's routes, given text with control characters", () => {
  it("refuse a profile update with a 400 naming the field, print no SQL and change nothing", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: { ...authHeaders(ctx, account.cookie), "content-type": "application/json" },
      payload: '{"name":"a\\u0000b"}',
    });
    refusedField(response, "name");
    noStatementPrinted();
    expect(await sessionName()).toBe(account.name);
  });

  it("refuse a sign-up whose name rings a bell", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: authHeaders(ctx),
      payload: { email: "bell@example.com", password: "secret-password", name: "Ada\u0007" },
    });
    refusedField(response, "name");
    noStatementPrinted();
  });

  it("refuse them in a link's query and path", async () => {
    refusedField(
      await ctx.app.inject({ method: "GET", url: "/api/auth/verify-email?token=a%00b&callbackURL=%2F" }),
      "token",
    );
    refusedField(await ctx.app.inject({ method: "GET", url: "/api/auth/reset-password/a%00b" }), "path");
    noStatementPrinted();
  });

  it("refuse them in a form a sign-in provider posts back", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/callback/google",
      headers: { ...authHeaders(ctx), "content-type": "application/x-www-form-urlencoded" },
      payload: "state=a%00b&code=c",
    });
    refusedField(response, "state");
  });

  it("log a failed statement by the database's reason, never the statement and its values", async () => {
    const failed = await ctx.db
      .update(user)
      .set({ name: "secret-value\u0000" })
      .where(eq(user.email, account.email))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(String((failed as Error).message)).toMatch(/update "user"/);
    const lines: string[] = [];
    const log = Object.fromEntries(
      (["info", "warn", "error", "debug"] as const).map((level) => [
        level,
        (fields: object, message: string) => lines.push(JSON.stringify({ level, ...fields, message })),
      ]),
    ) as unknown as Parameters<typeof authLogger>[0];
    authLogger(log)("error", "Error", failed, { state: "secret-state" });
    authLogger(log)("error", (failed as Error).message);
    expect(lines).toHaveLength(2);
    const text = lines.join("\n");
    expect(text).not.toMatch(/update "user"|secret-value|secret-state|params/);
    expect(loggedError(failed)).toMatchObject({ message: expect.stringMatching(/0x00/) });
  });

  it("still take a name with a tab, as the rest of the API takes a body's tabs", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: authHeaders(ctx, account.cookie),
      payload: { name: "Ada\tLovelace" },
    });
    expect(response.statusCode).toBe(200);
    expect(await sessionName()).toBe("Ada\tLovelace");
  });
});
