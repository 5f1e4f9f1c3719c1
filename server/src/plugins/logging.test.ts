import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount } from "../../test/accounts.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { planIds } from "../../test/orders.js";
import { batchedLines } from "./logging.js";

type Line = {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; route?: string; url: string; remoteAddress?: string };
  res?: { statusCode: number };
  responseTime?: number;
};

let ctx: TestContext;
let written: string[] = [];
const lines = () => written.map((text) => JSON.parse(text) as Line);

beforeAll(async () => {
  // The app as `npm start` runs it: LOG_LEVEL info, one JSON object a line.
  ctx = await createTestApp({
    env: { LOG_LEVEL: "info" },
    logStream: { write: (text: string) => written.push(text) > 0 },
  });
});
beforeEach(() => {
  written = [];
});
afterAll(() => ctx.close());

describe("request logs", () => {
  it("write one line a request, once answered: method, route, address, status and time", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/services" });
    expect(response.statusCode).toBe(200);
    expect(lines()).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: process.pid,
        hostname: expect.any(String),
        reqId: expect.any(String),
        req: { method: "GET", route: "/api/services", url: "/api/services", remoteAddress: "127.0.0.1" },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        msg: "request completed",
      },
    ]);
  });

  it("name the route's pattern beside the address asked for", async () => {
    const { standardMonthly } = await planIds(ctx);
    written = [];
    await ctx.app.inject({ method: "GET", url: `/api/pricing/${standardMonthly._id}?from=landing` });
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatchObject({
      req: {
        method: "GET",
        route: "/api/pricing/:id",
        url: `/api/pricing/${standardMonthly._id}?from=landing`,
      },
      res: { statusCode: 200 },
    });
  });

  it("write one line for refused and unknown requests too, with their status", async () => {
    const customer = await createAccount(ctx);
    written = [];
    await ctx.app.inject({ method: "GET", url: "/api/users" });
    await ctx.app.inject({ method: "GET", url: "/api/users", headers: { cookie: customer.cookie } });
    await ctx.app.inject({ method: "POST", url: "/api/nothing-here" });
    expect(
      lines().map((line) => [line.req?.method, line.req?.route, line.req?.url, line.res?.statusCode]),
    ).toEqual([
      ["GET", "/api/users", "/api/users", 401],
      ["GET", "/api/users", "/api/users", 403],
      ["POST", undefined, "/api/nothing-here", 404],
    ]);
    expect(lines().every((line) => line.msg === "request completed" && line.level === 30)).toBe(true);
  });

  it("never keep the one-time tokens of e-mailed links", async () => {
    await ctx.app.inject({
      method: "GET",
      url: "/api/auth/verify-email?token=secret-token-1&callbackURL=%2F",
    });
    await ctx.app.inject({
      method: "GET",
      url: "/api/auth/reset-password/secret-token-2?callbackURL=%2Freset",
    });
    expect(lines().map((line) => [line.req?.route, line.req?.url])).toEqual([
      ["/api/auth/*", "/api/auth/verify-email?token=[redacted]&callbackURL=%2F"],
      ["/api/auth/*", "/api/auth/reset-password/[redacted]?callbackURL=%2Freset"],
    ]);
    expect(written.join("")).not.toMatch(/secret-token/);
  });

  it("never keep the Authorization header, nor an API key pasted into an address", async () => {
    const key = `ak_live_${"k".repeat(43)}`;
    await ctx.app.inject({ method: "GET", url: "/api/orders", headers: { authorization: `Bearer ${key}` } });
    await ctx.app.inject({
      method: "GET",
      url: "/api/orders",
      headers: { authorization: "Bearer secret-session-token-3" },
    });
    await ctx.app.inject({ method: "GET", url: `/api/orders?api_key=${key}&size=5` });
    expect(lines().map((line) => [line.req?.url, line.res?.statusCode])).toEqual([
      ["/api/orders", 401],
      ["/api/orders", 401],
      ["/api/orders?api_key=ak_live_[redacted]&size=5", 401],
    ]);
    expect(written.join("")).not.toMatch(/kkkk|secret-session-token|authorization/i);
  });
});

describe("standard output's log lines", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "agency-log-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const messages = (file: string) =>
    readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as Line).msg);

  it("go out a few at a time, within a quarter of a second, and a warning at once", async () => {
    const file = path.join(dir, "batched.log");
    const fd = openSync(file, "w");
    const log = pino({ level: "info" }, batchedLines(fd));
    log.info("first");
    log.info("second");
    expect(messages(file)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(messages(file)).toEqual(["first", "second"]);
    log.info("third");
    log.warn("careful");
    expect(messages(file)).toEqual(["first", "second", "third", "careful"]);
    closeSync(fd);
  });

  it("are all written when the process exits", () => {
    const file = path.join(dir, "exit.log");
    const module = fileURLToPath(new URL("./logging.ts", import.meta.url));
    const script = `import pino from "pino"; import { batchedLines } from ${JSON.stringify(module)};
      import { openSync } from "node:fs";
      const log = pino({ level: "info" }, batchedLines(openSync(${JSON.stringify(file)}, "w")));
      for (let i = 0; i < 3; i++) log.info("line " + i);
      process.exit(0);`;
    execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: path.dirname(module),
    });
    expect(messages(file)).toEqual(["line 0", "line 1", "line 2"]);
  });
});
