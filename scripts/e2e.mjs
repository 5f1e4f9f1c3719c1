// `npm run test:e2e`: build, start the real app on a free port with a throw-away data directory,
// and run the browser journeys in Debian's Chromium against it.
//
// The journeys run one at a time against one server (they share its data), so they are split
// into shards, each with a server and a data directory of its own, run side by side: a journey
// mostly waits on the browser and the server, and two shards keep both cores busy. E2E_SHARDS
// sets how many (default 2); journeys named on the command line run in one shard.
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";
import { root } from "./build-state.mjs";
import { buildIfNeeded, startBuiltServer } from "./built-server.mjs";

buildIfNeeded();

const adminEmail = "owner@shop.test";
const args = process.argv.slice(2);
const requested = Number.parseInt(process.env.E2E_SHARDS ?? "2", 10);
const shards = args.length > 0 || !(requested > 1) ? 1 : requested;

/**
 * The journeys split into `shards` lists of about the same length: the largest file first, each
 * to the list that is shortest so far (a file's size follows its duration well enough; Vitest's
 * own --shard splits by a hash of the name, and one shard ran two minutes longer than the other).
 */
function balancedShards() {
  const dir = path.join(root, "e2e");
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".e2e.ts"))
    .map((name) => ({ name, size: statSync(path.join(dir, name)).size }))
    .sort((a, b) => b.size - a.size);
  const lists = Array.from({ length: shards }, () => ({ size: 0, names: [] }));
  for (const file of files) {
    const shortest = lists.reduce((least, list) => (list.size < least.size ? list : least));
    shortest.size += file.size;
    // The folder keeps "leads.e2e.ts" from also matching another name that ends with it.
    shortest.names.push(`e2e/${file.name}`);
  }
  return lists.map((list) => list.names);
}

function startServer() {
  return startBuiltServer({
    prefix: "agency-e2e-",
    logLevel: process.env.E2E_LOG_LEVEL ?? "warn",
    env: {
      ADMIN_EMAIL: adminEmail,
      // The journeys sign in many times from one address; the limits themselves are tested in the API suite.
      AUTH_RATE_LIMIT_MAX: "1000",
      // The journeys send the public forms many times from one address; the limit has its API tests.
      LEADS_RATE_LIMIT: "1000",
      // The webhooks journey's receiver listens on this machine.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    },
  });
}

/**
 * The Chromium features switched off: Playwright's own list (its 1.65 defaults, repeated because
 * Chromium reads only the last --disable-features it is given), then the address bar's WebUI
 * popups. Headless Chromium still builds a window's address bar, and preloads those popups into a
 * renderer of their own for every new page; that renderer cost twice the CPU of the page it
 * served (measured per new context and page: 2.3-2.6 s of Chromium's CPU with them, 1.1-1.35 s
 * without).
 */
const disabledFeatures = [
  "AimEnabled",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsFirstBalancedModeAutoEnable",
  "HttpsUpgrades",
  "LensOverlay",
  "MediaRouter",
  "NetworkTimeServiceQuerying",
  "OptimizationHints",
  "PaintHolding",
  "PreconnectToSearch",
  "TcpPortRandomizationWin",
  "ThirdPartyStoragePartitioning",
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
];

/**
 * Debian's Chromium, started as the machine allows (no sandbox as root, no network chatter), once
 * per shard: each test file joins it rather than starting its own (a second and a half each).
 */
function startBrowser() {
  return chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--disable-features=${disabledFeatures.join(",")}`,
    ],
  });
}

/** Runs one shard's journeys against its server; its lines are prefixed when there are several. */
function runShard(server, browser, index) {
  const files = shards > 1 ? shardFiles[index] : args;
  const child = spawn("npx", ["vitest", "run", "--config", "e2e/vitest.config.ts", ...files], {
    cwd: root,
    stdio: shards > 1 ? ["ignore", "pipe", "pipe"] : "inherit",
    env: {
      ...server.env,
      E2E_BASE_URL: server.baseUrl,
      E2E_DATA_DIR: server.dataDir,
      E2E_ADMIN_EMAIL: adminEmail,
      E2E_BROWSER_WS: browser.wsEndpoint(),
    },
  });
  if (shards > 1) {
    const prefix = `[e2e ${index + 1}/${shards}] `;
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream }).on("line", (line) => out.write(`${prefix}${line}\n`));
    }
  }
  return new Promise((resolve) => {
    child.on("error", () => resolve(1));
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

const shardFiles = shards > 1 ? balancedShards() : [];
const servers = [];
const browsers = [];
let status = 1;
try {
  const started = await Promise.allSettled(Array.from({ length: shards }, () => startServer()));
  for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
  const failed = started.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  for (let index = 0; index < shards; index++) browsers.push(await startBrowser());
  const codes = await Promise.all(servers.map((server, index) => runShard(server, browsers[index], index)));
  status = codes.every((code) => code === 0) ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  status = 1;
} finally {
  await Promise.all([
    ...servers.map((server) => server.stop()),
    ...browsers.map((browser) => browser.close()),
  ]);
}
process.exit(status);
