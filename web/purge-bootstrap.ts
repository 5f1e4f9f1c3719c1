import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import purgeCss from "@fullhuman/postcss-purgecss";
import type { Plugin } from "postcss";

const appDir = path.resolve(import.meta.dirname, "app");
const reactBootstrapDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-bootstrap/package.json")),
  "esm",
);

/** The app's source files (tests excluded): what decides which Bootstrap rules the pages need. */
function appSources(directory = appDir): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "test" ? [] : appSources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const relativeImport = /^import\s+(?:(\w+)|[^'"]*?)\s*(?:from\s*)?'(\.\/[\w./-]+)';$/gm;
const staticsBlock = /Object\.assign\(\w+,\s*\{([^}]*)\}\)/;

/**
 * The modules a react-bootstrap module imports, less the sub-components it only attaches as
 * statics (Form.Range, Navbar.Offcanvas) when the app never names them (".Range").
 */
function importsOf(file: string, appText: string): string[] {
  const source = readFileSync(file, "utf8");
  const statics = new Map(
    (staticsBlock.exec(source)?.[1] ?? "")
      .split(",")
      .map((entry) => entry.split(":").map((part) => part.trim()))
      .filter(([key]) => key)
      .map(([key, local]) => [local ?? key, key] as [string, string]),
  );
  const body = source.replace(relativeImport, "").replace(staticsBlock, "");
  return [...source.matchAll(relativeImport)].flatMap(([, local, specifier]) => {
    const key = local ? statics.get(local) : undefined;
    if (!specifier) return [];
    const onlyAStatic = key !== undefined && !new RegExp(`\\b${local}\\b`).test(body);
    if (onlyAStatic && !appText.includes(`.${key}`)) return [];
    const target = path.resolve(path.dirname(file), specifier);
    return [target.endsWith(".js") ? target : `${target}.js`];
  });
}

/**
 * The react-bootstrap modules the app renders and the modules they import in turn: the class names
 * they write (e.g. "navbar-toggler", "modal-backdrop") are used even though the app never spells them.
 */
function reactBootstrapModules(sources: string[]): string[] {
  const index = readFileSync(path.join(reactBootstrapDir, "index.js"), "utf8");
  const fileOf = new Map(
    [...index.matchAll(/export \{ default as (\w+)(?:, [\w, ]+)? \} from '\.\/([\w-]+)'/g)].map(
      ([, name, file]) => [name, path.join(reactBootstrapDir, `${file}.js`)],
    ),
  );
  const appText = sources.map((source) => readFileSync(source, "utf8")).join("\n");
  const pending = [...appText.matchAll(/import\s*\{([^}]+)\}\s*from\s*["']react-bootstrap["']/g)].flatMap(
    ([, names = ""]) =>
      names.split(",").flatMap((name) => {
        const file = fileOf.get(name.trim().split(/\s+as\s+/)[0] ?? "");
        return file ? [file] : [];
      }),
  );
  const modules = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (modules.has(file)) continue;
    modules.add(file);
    pending.push(...importsOf(file, appText));
  }
  return [...modules];
}

// Bootstrap classes that components put together from a prefix and a prop ("btn" + "outline-danger",
// "navbar-expand" + "lg", "table" + "hover"): every such prefix is combined with every word that
// appears as a whole string literal or after "}-" in a template literal of a file.
const composedPrefixes = [
  "alert",
  "badge",
  "bg",
  "border",
  "btn",
  "btn-group",
  "form-control",
  "form-select",
  "input-group",
  "list-group",
  "list-group-item",
  "modal",
  "nav",
  "navbar",
  "navbar-expand",
  "spinner",
  "spinner-border",
  "table",
  "text",
  "text-bg",
];

function extractClassCandidates(source: string): string[] {
  // Module names ("react-hot-toast") are not class names.
  const content = source.replace(/^\s*(?:import|export)\b[^;]*?\bfrom\s*["'][^"']+["'];?$/gm, "");
  const words = new Set(content.match(/[\w-]+/g) ?? []);
  const literals = [...content.matchAll(/["'`]([\w-]+)["'`]/g)].map(([, word]) => word);
  const suffixes = [...content.matchAll(/\}-([\w-]+)/g)].map(([, word]) => word);
  for (const variant of [...literals, ...suffixes]) {
    for (const prefix of composedPrefixes) words.add(`${prefix}-${variant}`);
  }
  // A component's own prefix and what it appends to it ("navbar-toggler" + `${prefix}-icon`).
  for (const base of literals) {
    for (const suffix of suffixes) words.add(`${base}-${suffix}`);
  }
  return [...words];
}

/**
 * Keeps only the rules of Bootstrap's stylesheet that the app can use: 91% of it is not. Other
 * stylesheets (the app's own, sweetalert2's) pass through untouched.
 */
export function purgeBootstrap(): Plugin {
  const sources = appSources();
  const purge = purgeCss({
    content: [...sources, ...reactBootstrapModules(sources)],
    extractors: [{ extensions: ["ts", "tsx", "js"], extractor: extractClassCandidates }],
    // Set at run time by react-bootstrap's transitions and by form validation.
    safelist: ["show", "fade", "collapsing", "collapse", "active", "disabled", "was-validated"],
    keyframes: true,
  }) as Plugin & { OnceExit: NonNullable<Plugin["OnceExit"]> };
  return {
    postcssPlugin: "purge-bootstrap",
    OnceExit(root, helpers) {
      const file = root.source?.input.file ?? "";
      if (!file.includes(`${path.sep}bootstrap${path.sep}dist${path.sep}css${path.sep}`)) return;
      return purge.OnceExit(root, helpers);
    },
  };
}
