import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, inArray } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPostgres, type DatabaseHandle } from "../src/db/client.js";
import { orders, user } from "../src/db/schema.js";
import { seedDemoContent } from "../src/db/seed.js";
import { cookieHeader } from "./accounts.js";
import { startProxy } from "./proxy.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const server = process.env.TEST_DATABASE_URL ?? "";
const name = `agency_topology_${Date.now()}_${randomBytes(4).toString("hex")}`;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function onServer(statement: string) {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

type Instance = { url: string; child: ChildProcess; exited: Promise<unknown> };

/** One instance of the shop, a process of its own on the shared PostgreSQL database. */
async function startInstance(databaseUrl: string, publicUrl: string, dataDir: string): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=source", "server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      AUTH_SECRET: "the-same-secret-on-every-instance-0123456789",
      AUTH_RATE_LIMIT_MAX: "1000",
      SEED_DEMO: "false",
      RUN_WORKER: "false",
      LOG_LEVEL: "warn",
      WEB_DIR: "/nonexistent",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("An instance exited before it was ready.");
    if (Date.now() > deadline) throw new Error("An instance was not ready within 60 s.");
    if (
      await fetch(`${url}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, child, exited };
}

let database: DatabaseHandle;
let dataDir: string;
const instances: Instance[] = [];
let proxy: Awaited<ReturnType<typeof startProxy>>;

// Two instances on one PostgreSQL database behind a proxy: what compose.yaml runs, without containers.
describe.runIf(process.env.TEST_DB === "postgres")("two instances behind a proxy", () => {
  beforeAll(async () => {
    await onServer(`create database "${name}"`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    database = connectPostgres(url.toString());
    await database.migrate();
    await seedDemoContent(database.db);
    dataDir = await mkdtemp(path.join(os.tmpdir(), "agency-topology-"));
    // The proxy's address is the shop's public address: sign-in accepts calls from it.
    const proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    instances.push(await startInstance(url.toString(), publicUrl, dataDir));
    instances.push(await startInstance(url.toString(), publicUrl, dataDir));
    proxy = await startProxy(
      instances.map((instance) => instance.url),
      proxyPort,
    );
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    for (const instance of instances) {
      if (instance.child.exitCode === null) instance.child.kill("SIGTERM");
      await instance.exited;
    }
    await database?.close();
    await onServer(`drop database if exists "${name}" with (force)`);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("serves the shop through the proxy and loses no acknowledged order when an instance dies", async () => {
    const plans = (await (await fetch(`${proxy.url}/api/pricing`)).json()) as { _id: string }[];
    expect(plans.length).toBeGreaterThan(2);

    // Customers sign up and in through the proxy (their addresses confirmed in the database).
    const cookies: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const email = `topology${index}-${Date.now()}@example.com`;
      const account = { email, password: "secret-password", name: `Customer ${index}` };
      const headers = { "content-type": "application/json", origin: proxy.url };
      const signUp = await fetch(`${proxy.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers,
        body: JSON.stringify(account),
      });
      expect(signUp.status).toBe(200);
      await database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
      const signIn = await fetch(`${proxy.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email, password: account.password }),
      });
      expect(signIn.status).toBe(200);
      cookies.push(cookieHeader(signIn.headers.getSetCookie()));
    }

    const acknowledged: string[] = [];
    let refused = 0;
    let round = 0;
    for (const plan of plans.slice(0, 3)) {
      for (const cookie of cookies) {
        round += 1;
        // Half-way, one instance dies without a goodbye.
        if (round === 5) {
          instances[0]?.child.kill("SIGKILL");
          await instances[0]?.exited;
        }
        const response = await fetch(`${proxy.url}/api/order`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie, origin: proxy.url },
          body: JSON.stringify({ serviceId: plan._id, phone: "0123456789" }),
        });
        const answer = response.ok
          ? ((await response.json()) as { success: boolean; insertedId?: string })
          : null;
        if (answer?.success && answer.insertedId) acknowledged.push(answer.insertedId);
        else refused += 1;
        // The customer's orders page reads through the proxy whichever instance is left.
        const mine = await fetch(`${proxy.url}/api/order`, { headers: { cookie } });
        expect(mine.status).toBe(200);
      }
    }

    expect(instances[0]?.child.exitCode ?? instances[0]?.child.signalCode).toBeTruthy();
    // Every order placed after the loss went to the instance left (the refused connection was retried).
    expect(refused).toBe(0);
    expect(acknowledged).toHaveLength(9);
    const stored = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.id, acknowledged));
    expect(stored).toHaveLength(acknowledged.length);
    expect((await fetch(`${proxy.url}/api/ready`)).status).toBe(200);
  }, 90_000);
});
