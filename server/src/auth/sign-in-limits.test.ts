import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authHeaders, createAccount, type TestAccount } from "../../test/accounts.js";
import { createTestApp, openTestDatabase, type TestContext } from "../../test/helpers.js";
import type { DatabaseHandle } from "../db/client.js";
import { rateLimit } from "../db/schema.js";
import { FAILURES_PER_ACCOUNT, FAILURES_PER_ADDRESS, signInLimits } from "./sign-in-limits.js";

describe("password sign-in limits", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The shop's own defaults: ten attempts a minute per address for the other credential routes.
    ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "10", AUTH_RATE_LIMIT_WINDOW: "60" } });
  });
  afterAll(() => ctx.close());

  function signInFrom(address: string, account: Pick<TestAccount, "email">, password: string) {
    return ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: authHeaders(ctx),
      payload: { email: account.email, password },
      remoteAddress: address,
    });
  }

  function expectToWait(response: Awaited<ReturnType<typeof signInFrom>>) {
    expect(response.statusCode).toBe(429);
    const seconds = Number(response.headers["retry-after"]);
    expect(seconds).toBeGreaterThan(0);
    expect(response.json().message).toBe(`Too many attempts. Try again in ${seconds} seconds.`);
  }

  it("closes one account to the address that keeps guessing it, and nothing else behind that address", async () => {
    const guessed = await createAccount(ctx);
    const neighbour = await createAccount(ctx);
    const guesser = "203.0.113.10";
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await signInFrom(guesser, guessed, `wrong-${attempt}`);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expectToWait(response);
    }
    expect(statuses).toEqual([
      ...Array(FAILURES_PER_ADDRESS).fill(401),
      ...Array(10 - FAILURES_PER_ADDRESS).fill(429),
    ]);
    // Even the right password waits there…
    expectToWait(await signInFrom(guesser, guessed, guessed.password));
    // …while another account behind the same address signs in, and the owner does from elsewhere.
    expect((await signInFrom(guesser, neighbour, neighbour.password)).statusCode).toBe(200);
    expect((await signInFrom("203.0.113.11", guessed, guessed.password)).statusCode).toBe(200);
  }, 60_000);

  it("slows a guesser spread over five addresses down once the account has had its share of failures", async () => {
    const target = await createAccount(ctx);
    const addresses = ["198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.4", "198.51.100.5"];
    let failed = 0;
    for (let round = 0; round < 10; round += 1) {
      for (const address of addresses) {
        const response = await signInFrom(address, target, `guess-${round}-${address}`);
        if (response.statusCode === 401) failed += 1;
        else expectToWait(response);
      }
    }
    expect(failed).toBe(FAILURES_PER_ACCOUNT);
    expectToWait(await signInFrom("198.51.100.6", target, target.password));
  }, 90_000);
});

describe("the wait after failed sign-ins", () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await openTestDatabase();
  });
  afterEach(() => handle.close());

  it("doubles with each further failure, up to a quarter of an hour, and ends with a success", async () => {
    let now = Date.parse("2026-03-01T10:00:00Z");
    const limits = signInLimits(handle.db, () => now);
    const address = "192.0.2.1";
    const email = "Someone@Example.com";
    for (let failure = 1; failure < FAILURES_PER_ADDRESS; failure += 1) await limits.failed(address, email);
    expect(await limits.waitSeconds(address, email)).toBe(0);
    // The counts do not keep anyone's address.
    expect(JSON.stringify(await handle.db.select().from(rateLimit))).not.toMatch(/someone/i);

    const waits: number[] = [];
    for (let further = 0; further < 8; further += 1) {
      await limits.failed(address, "someone@example.com");
      const wait = await limits.waitSeconds(address, email);
      waits.push(wait);
      now += wait * 1000;
      expect(await limits.waitSeconds(address, email)).toBe(0);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);

    await limits.failed(address, email);
    expect(await limits.waitSeconds(address, email)).toBe(900);
    expect(await limits.waitSeconds("192.0.2.2", email)).toBe(0);
    await limits.succeeded(address, email);
    expect(await limits.waitSeconds(address, email)).toBe(0);
  });

  it("forgets failures after a day without any", async () => {
    let now = Date.parse("2026-03-01T10:00:00Z");
    const limits = signInLimits(handle.db, () => now);
    for (let failure = 0; failure < FAILURES_PER_ADDRESS + 2; failure += 1)
      await limits.failed("192.0.2.1", "a@example.com");
    expect(await limits.waitSeconds("192.0.2.1", "a@example.com")).toBe(120);
    now += 24 * 60 * 60_000 + 1;
    expect(await limits.waitSeconds("192.0.2.1", "a@example.com")).toBe(0);
    await limits.failed("192.0.2.1", "a@example.com");
    expect(await limits.waitSeconds("192.0.2.1", "a@example.com")).toBe(0);
  });
});
