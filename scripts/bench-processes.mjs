// The child processes of `npm run bench`: commands run to their end (build, seed), and the servers,
// which run until the bench stops them.
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import { root } from "./build-state.mjs";
import { benchPassword } from "./seed-orders.mjs";

export function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

/**
 * The servers of one bench, in `children` in the order they started. `pinned`: they run on the
 * first core (taskset), leaving the second to the load generator.
 */
export function benchProcesses({ pinned }) {
  const children = [];
  let finished = false;

  /** Starts a Node child; its output goes to `stdout` (a file descriptor) when given, else is read for `ready`. */
  function start(args, env, ready, stdout = "pipe") {
    // taskset runs node in its own place (same process), on the first core.
    const [command, commandArgs] = pinned
      ? ["taskset", ["-c", "0", process.execPath, ...args]]
      : [process.execPath, args];
    const child = spawn(command, commandArgs, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", stdout, "pipe"],
    });
    children.push(child);
    child.stderr.pipe(process.stderr);
    return new Promise((resolve, reject) => {
      child.once("exit", (code) => {
        if (!finished) reject(new Error(`${args[0]} exited with ${code}`));
      });
      child.stdout?.on("data", (chunk) => {
        if (ready(String(chunk))) resolve(child);
      });
    });
  }

  /** Stops every server; their exits from now on are expected, not failures. */
  function stopAll() {
    finished = true;
    for (const child of children) child.kill();
  }

  /** The first server's resident memory now, as "N MB". */
  const resident = () => `${residentMb(children[0].pid)} MB`;

  return { children, start, stopAll, resident };
}

/** User and system CPU time a process has used so far, in microseconds (Linux, 100 ticks a second). */
export function cpuMicroseconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
}

/**
 * User and system CPU time the machine's PostgreSQL processes have used so far, in microseconds:
 * the database's share of a call, when it runs on this machine.
 */
export function postgresCpuMicroseconds() {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) !== "postgres") continue;
      total += cpuMicroseconds(entry);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

export async function waitForHealth(base) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not start");
}

/**
 * Waits until the server's job queue is still: nothing queued or running, or the same number
 * twice a second apart (jobs scheduled for later stay queued). A burst measured next then does
 * not share the machine with the work an earlier one left behind (its mails). Answers how many
 * jobs were left.
 */
export async function waitForQuietQueue(base, adminCookie, limitMs = 300_000) {
  const deadline = performance.now() + limitMs;
  let last = -1;
  for (;;) {
    const response = await fetch(`${base}/api/admin/jobs?size=1`, { headers: { cookie: adminCookie } });
    if (!response.ok) throw new Error(`reading the job queue: ${response.status} ${await response.text()}`);
    const { counts } = await response.json();
    const waiting = counts.queued + counts.running;
    if (waiting === 0 || waiting === last || performance.now() > deadline) return waiting;
    last = waiting;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Signs `email` in with the seeded password; answers the session's `cookie` header. */
export async function signIn(base, email, password = benchPassword) {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** `work` on every item, `size` at a time; answers the results in order. */
export async function inBatches(items, size, work) {
  const results = [];
  for (let i = 0; i < items.length; i += size)
    results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}

/** A process's resident memory, in MB. */
export const residentMb = (pid) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);

/** The line above a bench's table: the database, the machine's cores and load, `details`, the time. */
export function machineLine(database, ...details) {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  const parts = [database, `${os.cpus().length} cores`, `load ${load}`, ...details, new Date().toISOString()];
  return `\n${parts.join(", ")}`;
}

/** A webhook endpoint's receiver: every delivery's bodies by its webhook-id, answered at once. */
export async function startDeliveryReceiver() {
  const seen = new Map();
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const id = request.headers["webhook-id"];
      seen.set(id, [...(seen.get(id) ?? []), body]);
      response.end("ok");
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { seen, port: server.address().port, close: () => server.close() };
}
