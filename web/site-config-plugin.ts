import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

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
 * Exposes the file as `virtual:site-config` (its raw JSON); web/app/lib/site.ts validates it with
 * the contract's schema, so a mistake stops the build with the field that is wrong.
 */
export function siteConfig(): Plugin {
  const file = siteConfigPath();
  return {
    name: "agency-site-config",
    resolveId(id) {
      return id === moduleId ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      if (!existsSync(file)) {
        if (process.env.SITE_CONFIG) this.error(`SITE_CONFIG names ${file}, which does not exist.`);
        return "export default {};";
      }
      this.addWatchFile(file);
      let data: unknown;
      try {
        data = JSON.parse(readFileSync(file, "utf8"));
      } catch (error) {
        this.error(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
      }
      return `export default ${JSON.stringify(data)};`;
    },
  };
}
