// `npm run bench:web`: the JavaScript and CSS each prerendered (public) page loads before it can
// be used, gzip-compressed as the server sends them, and a budget they must stay under.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { needsBuild, root } from "./build-state.mjs";

const budgetKb = Number(process.env.WEB_BUDGET_KB ?? 200);
const clientDir = path.join(root, "web/build/client");

if (needsBuild()) {
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Prerendered pages by URL path ("/", "/blogs"), from their index.html files. */
function findPages(directory = clientDir, base = "") {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory() && entry.name !== "assets") {
      return findPages(path.join(directory, entry.name), `${base}/${entry.name}`);
    }
    return entry.name === "index.html"
      ? [{ route: base || "/", file: path.join(directory, entry.name) }]
      : [];
  });
}

const assetReference = /\/assets\/[\w.-]+\.(?:js|css)\b/g;
// Static imports and re-exports between chunks ("./chunk-x.js"); dynamic import() loads later.
const staticImport = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g;

const gzipped = new Map();
function gzipSize(asset) {
  if (!gzipped.has(asset)) gzipped.set(asset, gzipSync(readFileSync(path.join(clientDir, asset))).length);
  return gzipped.get(asset);
}

/** What the page's HTML references (stylesheets, module scripts, modulepreloads) and their static imports. */
function firstLoad(html) {
  const assets = new Set(html.match(assetReference) ?? []);
  const pending = [...assets].filter((asset) => asset.endsWith(".js"));
  while (pending.length > 0) {
    const chunk = pending.pop();
    const source = readFileSync(path.join(clientDir, chunk), "utf8");
    for (const [, file] of source.matchAll(staticImport)) {
      const asset = `/assets/${file}`;
      if (!assets.has(asset) && existsSync(path.join(clientDir, asset))) {
        assets.add(asset);
        pending.push(asset);
      }
    }
  }
  return [...assets];
}

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
const sum = (assets) => assets.reduce((total, asset) => total + gzipSize(asset), 0);

if (!existsSync(clientDir)) {
  console.error(`No web build in ${clientDir}.`);
  process.exit(1);
}
const pages = findPages().sort((a, b) => a.route.localeCompare(b.route));
const everything = new Set();
const rows = pages.map(({ route, file }) => {
  const html = readFileSync(file);
  const assets = firstLoad(html.toString("utf8"));
  for (const asset of assets) everything.add(asset);
  const js = sum(assets.filter((asset) => asset.endsWith(".js")));
  const css = sum(assets.filter((asset) => asset.endsWith(".css")));
  return { route, files: assets.length, html: gzipSync(html).length, js, css, total: js + css };
});

console.log(`First load of each prerendered page, gzip KB (budget for JS + CSS: ${budgetKb} KB)\n`);
console.log(
  `${"page".padEnd(22)} ${"files".padStart(5)} ${"HTML".padStart(7)} ${"JS".padStart(7)} ${"CSS".padStart(7)} ${"JS+CSS".padStart(7)}`,
);
for (const row of rows) {
  const flag = row.total > budgetKb * 1024 ? "  over budget" : "";
  console.log(
    `${row.route.padEnd(22)} ${String(row.files).padStart(5)} ${kb(row.html)} ${kb(row.js)} ${kb(row.css)} ${kb(row.total)}${flag}`,
  );
}
const all = [...everything];
console.log(
  `${"all pages, each file once".padEnd(22)} ${String(all.length).padStart(5)} ${"".padStart(7)} ${kb(sum(all.filter((a) => a.endsWith(".js"))))} ${kb(sum(all.filter((a) => a.endsWith(".css"))))} ${kb(sum(all))}`,
);

const over = rows.filter((row) => row.total > budgetKb * 1024);
if (over.length > 0) {
  console.error(`\nOver the ${budgetKb} KB budget: ${over.map((row) => row.route).join(", ")}`);
  process.exit(1);
}
