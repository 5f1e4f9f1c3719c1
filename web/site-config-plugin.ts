import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
// The contract's sources (not its package entry): this file runs in Node before anything is built.
import { SiteConfig } from "../contract/src/site";

const moduleId = "virtual:site-config";
const resolvedId = `\0${moduleId}`;

/**
 * The deployment's site.config.json (or the file named by SITE_CONFIG, relative to where npm was
 * started). It is optional: without it the demo agency's details are used.
 */
export function siteConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SITE_CONFIG) return path.resolve(env.INIT_CWD ?? process.cwd(), env.SITE_CONFIG);
  return path.resolve(import.meta.dirname, "..", "site.config.json");
}

/**
 * Exposes the file as `virtual:site-config`: validated with the contract's schema and completed
 * with the demo defaults, so a mistake stops the build with the field that is wrong and the
 * browser receives plain data.
 */
export function siteConfig(): Plugin {
  const file = siteConfigPath();
  let building = false;
  return {
    name: "agency-site-config",
    configResolved(config) {
      building = config.command === "build";
    },
    // Tells scripts/build-state.mjs which configuration these pages carry (see siteConfigChanged).
    closeBundle() {
      if (!building) return;
      const stamp = path.resolve(import.meta.dirname, "build", "site-config.source.json");
      mkdirSync(path.dirname(stamp), { recursive: true });
      writeFileSync(
        stamp,
        JSON.stringify({ file, text: existsSync(file) ? readFileSync(file, "utf8") : null }),
      );
    },
    resolveId(id) {
      return id === moduleId ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      let data: unknown = {};
      if (existsSync(file)) {
        this.addWatchFile(file);
        try {
          data = JSON.parse(readFileSync(file, "utf8"));
        } catch (error) {
          this.error(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
        }
      } else if (process.env.SITE_CONFIG) {
        this.error(`SITE_CONFIG names ${file}, which does not exist.`);
      }
      const parsed = SiteConfig.safeParse(data);
      if (!parsed.success) {
        const problems = parsed.error.issues.map(
          (issue) => `  ${issue.path.join(".") || "(file)"}: ${issue.message}`,
        );
        this.error(`${file} is not a valid site configuration:\n${problems.join("\n")}`);
      }
      return `export default ${JSON.stringify(parsed.data)};`;
    },
  };
}
