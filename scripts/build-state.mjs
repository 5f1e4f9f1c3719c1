import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));

const sources = [
  "package.json",
  "contract/src",
  "server/src",
  "server/migrations",
  "web/app",
  "web/public",
  "web/react-router.config.ts",
  "web/vite.config.ts",
  "web/purge-bootstrap.ts",
];
const outputs = ["contract/dist/index.js", "server/dist/main.js", "web/build/server/index.js"];

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

/** True when a build output is missing or older than a source it is made from. */
export function needsBuild() {
  const built = outputs.map((output) => path.join(root, output));
  if (built.some((output) => !existsSync(output))) return true;
  const oldestOutput = Math.min(...built.map((output) => statSync(output).mtimeMs));
  return sources.some((source) => newest(path.resolve(root, source)) > oldestOutput);
}
