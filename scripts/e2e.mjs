// `npm run test:e2e`: build, start the real app on a free port with a throw-away data directory,
// and run the browser journeys in Debian's Chromium against it.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { needsBuild, root } from "./build-state.mjs";

if (needsBuild()) {
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), "agency-e2e-"));
const baseUrl = `http://127.0.0.1:${port}`;
const adminEmail = "owner@shop.test";
const env = {
  ...process.env,
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  PUBLIC_URL: baseUrl,
  ADMIN_EMAIL: adminEmail,
  // The journeys sign in many times from one address; the limits themselves are tested in the API suite.
  AUTH_RATE_LIMIT_MAX: "1000",
  // The journeys send the public forms many times from one address; the limit has its API tests.
  LEADS_RATE_LIMIT: "1000",
};
delete env.DATABASE_URL;

const server = spawn(process.execPath, [path.join(root, "server/dist/main.js")], {
  cwd: root,
  env: { ...env, LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn" },
  stdio: ["ignore", "inherit", "inherit"],
});
let serverExited = false;
server.on("exit", () => {
  serverExited = true;
});

async function waitForHealth() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (serverExited) throw new Error("The server exited before it became healthy.");
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The server did not become healthy within 60 s.");
}

let status = 1;
try {
  await waitForHealth();
  const run = spawnSync(
    "npx",
    ["vitest", "run", "--config", "e2e/vitest.config.ts", ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...env, E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dataDir, E2E_ADMIN_EMAIL: adminEmail },
    },
  );
  status = run.status ?? 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => (serverExited ? resolve() : server.on("exit", resolve)));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
