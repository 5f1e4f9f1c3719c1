// Builds the shop if its sources changed, and starts the built server on a free local port with a
// throw-away data directory (embedded database, demo content), as the browser journeys and the
// web benchmark need it.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { needsBuild, root } from "./build-state.mjs";
import { serverArgs } from "./server-command.mjs";

/** Runs `npm run build` when the build is missing or older than its sources; exits on failure. */
export function buildIfNeeded() {
  if (!needsBuild()) return;
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts server/dist/main.js and resolves once /api/health answers. `env` is added to the
 * process environment (DATABASE_URL is always removed: the data directory is the database).
 */
export async function startBuiltServer({ prefix = "agency-", env: extra = {}, logLevel = "warn" } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    ...extra,
  };
  delete env.DATABASE_URL;

  const server = spawn(process.execPath, serverArgs, {
    cwd: root,
    env: { ...env, LOG_LEVEL: logLevel },
    stdio: ["ignore", "inherit", "inherit"],
  });
  let exited = false;
  const exit = new Promise((resolve) => server.on("exit", resolve)).then(() => {
    exited = true;
  });

  async function stop() {
    if (!exited) server.kill("SIGTERM");
    await exit;
    rmSync(dataDir, { recursive: true, force: true });
  }

  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (exited) throw new Error("The server exited before it became healthy.");
      if (Date.now() > deadline) throw new Error("The server did not become healthy within 60 s.");
      const healthy = await fetch(`${baseUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, env, stop };
}
