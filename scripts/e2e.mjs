// `npm run test:e2e`: build, start the real app on a free port with a throw-away data directory,
// and run the browser journeys in Debian's Chromium against it.
import { spawnSync } from "node:child_process";
import { root } from "./build-state.mjs";
import { buildIfNeeded, startBuiltServer } from "./built-server.mjs";

buildIfNeeded();

const adminEmail = "owner@shop.test";
let server;
try {
  server = await startBuiltServer({
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
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

let status = 1;
try {
  const run = spawnSync(
    "npx",
    ["vitest", "run", "--config", "e2e/vitest.config.ts", ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: "inherit",
      env: {
        ...server.env,
        E2E_BASE_URL: server.baseUrl,
        E2E_DATA_DIR: server.dataDir,
        E2E_ADMIN_EMAIL: adminEmail,
      },
    },
  );
  status = run.status ?? 1;
} finally {
  await server.stop();
}
process.exit(status);
