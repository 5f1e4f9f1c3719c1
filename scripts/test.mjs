// `npm test`: the typecheck of every workspace and the lint, side by side (each is one
// single-threaded process, so two at a time keep two cores busy), then every Vitest suite.
// A step's output is printed whole when it ends, so the steps' lines never interleave.
// Arguments are passed on to `vitest run` (e.g. `npm test -- --project web`).
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { root } from "./build-state.mjs";

const packageJson = (dir) => JSON.parse(readFileSync(path.join(root, dir, "package.json"), "utf8"));

/** Each workspace's own typecheck, the journeys' typecheck and the lint; the longest first. */
const workspaces = packageJson(".").workspaces.filter((name) => packageJson(name).scripts?.typecheck);
const longest = ["server", "web"];
const rank = (name) => (longest.includes(name) ? longest.indexOf(name) : longest.length);
const checks = [
  ...[...workspaces]
    .sort((a, b) => rank(a) - rank(b))
    .map((name) => ({ name: `typecheck ${name}`, command: ["npm", "run", "typecheck", "-w", name] })),
  { name: "typecheck e2e", command: ["npx", "tsc", "-p", "e2e"] },
  // The lint's knip and the web typecheck both regenerate React Router's types: one after the other.
  { name: "lint", command: ["npm", "run", "lint"], after: "typecheck web" },
];

const finished = new Map();

async function run({ name, command, after }) {
  await finished.get(after);
  const started = Date.now();
  let done;
  finished.set(name, new Promise((resolve) => (done = resolve)));
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    const finish = (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(`\n> ${name}: ${code === 0 ? "ok" : "FAILED"} (${seconds} s)${text ? `\n${text}` : ""}`);
      done();
      resolve(code === 0);
    };
    child.on("error", () => finish(1));
    child.on("close", finish);
  });
}

const parallel = Math.max(
  1,
  Math.min(Number(process.env.TEST_CHECKS_PARALLEL) || 2, os.availableParallelism()),
);
const queue = [...checks];
const results = await Promise.all(
  Array.from({ length: parallel }, async () => {
    let ok = true;
    for (let check = queue.shift(); check; check = queue.shift()) ok = (await run(check)) && ok;
    return ok;
  }),
);
if (!results.every(Boolean)) {
  console.error("\nThe typecheck or the lint failed; the tests did not run.");
  process.exit(1);
}

const vitest = spawnSync("npx", ["vitest", "run", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
process.exit(vitest.status ?? 1);
