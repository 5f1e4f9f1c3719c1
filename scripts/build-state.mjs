import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));

/** The site identity the public pages are prerendered with; web/site-config-plugin.ts reads it. */
export function siteConfigFile(env = process.env) {
  if (env.SITE_CONFIG) return path.resolve(env.INIT_CWD ?? process.cwd(), env.SITE_CONFIG);
  return path.join(root, "site.config.json");
}

/**
 * The build records which site configuration it used; a different file, or a removed one, needs a
 * new build even though no source got newer.
 */
function siteConfigChanged() {
  const stamp = path.join(root, "web/build/site-config.source.json");
  if (!existsSync(stamp)) return true;
  const file = siteConfigFile();
  const current = { file, text: existsSync(file) ? readFileSync(file, "utf8") : null };
  return readFileSync(stamp, "utf8") !== JSON.stringify(current);
}

const sources = [
  "package.json",
  "contract/src",
  "server/src",
  "server/migrations",
  "web/app",
  "web/public",
  "web/react-router.config.ts",
  "web/vite.config.ts",
  "web/site-config-plugin.ts",
  "web/preact-in-browser.ts",
  "web/purge-bootstrap.ts",
  siteConfigFile(),
];
const outputs = ["contract/dist/index.js", "server/dist/main.js", "web/build/client/__spa-fallback.html"];

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
  return siteConfigChanged() || sources.some((source) => newest(path.resolve(root, source)) > oldestOutput);
}
