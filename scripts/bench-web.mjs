// `npm run bench:web`: how heavy and how fast the public pages are.
// The built server is started on a free port with a throw-away data directory (demo content).
// 1. The JavaScript and CSS each public page loads up front (what the HTML the server renders
//    references, and their static imports; brotli-compressed from the build, as the server sends
//    them), against a budget.
// 2. Lighthouse's mobile preset on each public page and on the same page without its scripts (the
//    "no-JS" variant: the HTML the server rendered with every <script> and module preload removed,
//    which is as fast as that page can paint), run interleaved in the same run, medians of several
//    runs: the score difference and the ratio of the largest contentful paints. Both variants go
//    through the same local proxy, which compresses their HTML alike. And the JavaScript and CSS
//    bytes Chromium actually received for each page, with the Content-Encoding the server sent.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { chromium } from "playwright-core";
import { startProxy } from "./bench-web-proxy.mjs";
import { root } from "./build-state.mjs";
import { buildIfNeeded, startBuiltServer } from "./built-server.mjs";
import { lighthouse } from "./lighthouse-run.mjs";

const budgetKb = Number(process.env.WEB_BUDGET_KB ?? 140);
// A hosted blog post (its own budget, for a post that brings code of its own).
const postBudgetKb = Number(process.env.WEB_POST_BUDGET_KB ?? 144);
const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// The pages Lighthouse measures (a hosted blog post is added once the server is up).
const lighthousePages = (process.env.BENCH_WEB_PAGES ?? "/,/blogs,/about-us,/contact-us,/login").split(",");
// What the pages must reach: Lighthouse mobile score, largest contentful paint against the same
// page without scripts, layout shift, blocking time, and the bytes of / as received.
const targets = { score: 98, lcpRatio: 1.3, cls: 0, tbtMs: 50, firstLoadKb: 140 };
const clientDir = path.join(root, "web/build/client");

buildIfNeeded();

/** The public pages, as the server renders them. */
const publicPages = [
  "/",
  "/about-us",
  "/blogs",
  "/contact-us",
  "/forgot__password",
  "/home",
  "/login",
  "/privacy__policy",
  "/sign-up",
  "/yearly-billed",
];

const assetReference = /\/assets\/[\w.-]+\.(?:js|css)\b/g;
// Static imports and re-exports between chunks ("./chunk-x.js"); dynamic import() loads later.
const staticImport = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g;

const compressed = new Map();
function compressedSize(asset) {
  if (!compressed.has(asset)) {
    compressed.set(asset, brotliCompressSync(readFileSync(path.join(clientDir, asset))).length);
  }
  return compressed.get(asset);
}

// The route manifest inlined in the page lists the modules of routes the visitor may go to next
// (and the full manifest's address); none of them loads with the page.
const inlineManifest = /window\.__reactRouterManifest = \{[\s\S]*?\n\};/;

/** What the page's HTML references (stylesheets, module scripts, modulepreloads) and their static imports. */
function firstLoad(html) {
  const assets = new Set(html.replace(inlineManifest, "").match(assetReference) ?? []);
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
const sum = (assets) => assets.reduce((total, asset) => total + compressedSize(asset), 0);

if (!existsSync(clientDir)) {
  console.error(`No web build in ${clientDir}.`);
  process.exit(1);
}
const server = await startBuiltServer({ prefix: "agency-bench-web-" });
// The first blog post hosted on the site (the demo content has some), at /blogs/{slug}.
const blogs = await (await fetch(`${server.baseUrl}/api/blogs`)).json();
const postPage = blogs.map((blog) => blog.blogLink).find((link) => link.startsWith("/blogs/"));
if (postPage) publicPages.push(postPage);
const budgetOf = (route) => (route === postPage ? postBudgetKb : budgetKb);
const everything = new Set();
const rows = [];
/** Each page's up-front assets, to tell them apart from what loads later in what Chromium received. */
const upFrontOf = new Map();
for (const route of publicPages) {
  const html = Buffer.from(await (await fetch(`${server.baseUrl}${route}`)).arrayBuffer());
  const assets = firstLoad(html.toString("utf8"));
  upFrontOf.set(route, new Set(assets));
  for (const asset of assets) everything.add(asset);
  const js = sum(assets.filter((asset) => asset.endsWith(".js")));
  const css = sum(assets.filter((asset) => asset.endsWith(".css")));
  rows.push({ route, files: assets.length, html: brotliCompressSync(html).length, js, css, total: js + css });
}

console.log(
  `First load of each public page (its HTML as the server renders it), brotli KB (budget for JS + CSS: ${budgetKb} KB; a blog post ${postBudgetKb} KB)\n`,
);
console.log(
  `${"page".padEnd(22)} ${"files".padStart(5)} ${"HTML".padStart(7)} ${"JS".padStart(7)} ${"CSS".padStart(7)} ${"JS+CSS".padStart(7)}`,
);
for (const row of rows) {
  const flag = row.total > budgetOf(row.route) * 1024 ? "  over budget" : "";
  console.log(
    `${row.route.padEnd(22)} ${String(row.files).padStart(5)} ${kb(row.html)} ${kb(row.js)} ${kb(row.css)} ${kb(row.total)}${flag}`,
  );
}
const all = [...everything];
console.log(
  `${"all pages, each file once".padEnd(22)} ${String(all.length).padStart(5)} ${"".padStart(7)} ${kb(sum(all.filter((a) => a.endsWith(".js"))))} ${kb(sum(all.filter((a) => a.endsWith(".css"))))} ${kb(sum(all))}`,
);
const overBudget = rows.filter((row) => row.total > budgetOf(row.route) * 1024);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * The scripts and stylesheets a phone-sized Chromium downloads until the network is idle (the
 * chunks of lazily loaded sections near the viewport included), by encoded body size and
 * Content-Encoding; `upFront` is the part of it that is the page's own first load.
 */
async function receivedAssets(browser, url, upFront = new Set()) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  const responses = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type === "script" || type === "stylesheet") responses.push(response);
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const assets = await Promise.all(
    responses.map(async (response) => ({
      path: new URL(response.url()).pathname,
      type: response.request().resourceType(),
      bytes: (await response.request().sizes()).responseBodySize,
      encoding: (await response.allHeaders())["content-encoding"] ?? "identity",
    })),
  );
  await context.close();
  const total = (type) => assets.filter((a) => !type || a.type === type).reduce((n, a) => n + a.bytes, 0);
  return {
    files: assets.length,
    js: total("script"),
    css: total("stylesheet"),
    total: total(),
    upFront: assets.filter((a) => upFront.has(a.path)).reduce((n, a) => n + a.bytes, 0),
    encodings: [...new Set(assets.map((asset) => asset.encoding))].sort().join("+"),
  };
}

const reportsDir = mkdtempSync(path.join(os.tmpdir(), "agency-lighthouse-"));
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: ["--no-sandbox"],
});
const withJs = await startProxy(server.baseUrl, { scripts: true });
const noJs = await startProxy(server.baseUrl, { scripts: false });
if (postPage && !lighthousePages.includes(postPage)) lighthousePages.push(postPage);
const results = [];
try {
  for (const route of lighthousePages) {
    const samples = { js: [], noJs: [] };
    // Interleaved, so a slower moment of the machine weighs on both variants alike.
    for (let index = 0; index < runs; index++) {
      const name = `${route.replace(/\W/g, "_")}-${index}`;
      samples.js.push(await lighthouse(`${withJs.url}${route}`, reportsDir, `${name}-js`, chromiumPath));
      samples.noJs.push(await lighthouse(`${noJs.url}${route}`, reportsDir, `${name}-nojs`, chromiumPath));
    }
    const medians = (list) =>
      Object.fromEntries(
        ["score", "fcp", "lcp", "cls", "tbt", "benchmarkIndex"].map((key) => [
          key,
          median(list.map((sample) => sample[key])),
        ]),
      );
    results.push({
      route,
      version: samples.js[0].version,
      js: medians(samples.js),
      noJs: medians(samples.noJs),
      received: await receivedAssets(browser, `${server.baseUrl}${route}`, upFrontOf.get(route)),
    });
  }
} finally {
  await browser.close();
  await withJs.close();
  await noJs.close();
  await server.stop();
  rmSync(reportsDir, { recursive: true, force: true });
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`.padStart(7);
const width = Math.max(8, ...results.map((result) => result.route.length));
console.log(
  `\nLighthouse ${results[0].version}, mobile preset (simulated throttling), median of ${runs} runs, ` +
    "each page beside the same page without its scripts (no-JS), interleaved; " +
    "JS and CSS as received by Chromium (encoded bytes, KB): up front, and until the network is idle\n",
);
console.log(
  `${"page".padEnd(width)} ${"score".padStart(5)} ${"no-JS".padStart(5)} ${"LCP".padStart(7)} ${"no-JS".padStart(7)} ${"ratio".padStart(5)} ${"FCP".padStart(7)} ${"CLS".padStart(6)} ${"TBT".padStart(7)} ${"files".padStart(5)} ${"JS".padStart(7)} ${"CSS".padStart(7)} ${"up front".padStart(8)} ${"at idle".padStart(7)}  encoding`,
);
for (const { route, js, noJs, received } of results) {
  console.log(
    `${route.padEnd(width)} ${String(js.score).padStart(5)} ${String(noJs.score).padStart(5)} ${seconds(js.lcp)} ${seconds(noJs.lcp)} ${(js.lcp / noJs.lcp).toFixed(2).padStart(5)} ${seconds(js.fcp)} ${js.cls.toFixed(3).padStart(6)} ${`${Math.round(js.tbt)} ms`.padStart(7)} ${String(received.files).padStart(5)} ${kb(received.js)} ${kb(received.css)} ${kb(received.upFront).padStart(8)} ${kb(received.total)}  ${received.encodings}`,
  );
}
console.log(
  `\nMachine: ${os.cpus().length} cores; Lighthouse benchmark index ${Math.round(results[0].js.benchmarkIndex)}.`,
);

const missed = [
  ...overBudget.map(
    (row) => `${row.route}: first load over the ${budgetOf(row.route)} KB budget (build, brotli)`,
  ),
  ...results.flatMap(({ route, js, noJs, received }) => [
    ...(js.score < targets.score ? [`${route}: score ${js.score} < ${targets.score}`] : []),
    ...(js.lcp > noJs.lcp * targets.lcpRatio
      ? [
          `${route}: LCP ${seconds(js.lcp).trim()} > ${targets.lcpRatio} x ${seconds(noJs.lcp).trim()} (no-JS)`,
        ]
      : []),
    ...(js.cls > targets.cls ? [`${route}: CLS ${js.cls.toFixed(3)} > ${targets.cls}`] : []),
    ...(js.tbt > targets.tbtMs ? [`${route}: TBT ${Math.round(js.tbt)} ms > ${targets.tbtMs} ms`] : []),
    ...(route === "/" && received.upFront > targets.firstLoadKb * 1024
      ? [`/: ${kb(received.upFront).trim()} KB of JS + CSS received up front > ${targets.firstLoadKb} KB`]
      : []),
    ...(route === postPage && received.upFront > postBudgetKb * 1024
      ? [`${route}: ${kb(received.upFront).trim()} KB of JS + CSS received up front > ${postBudgetKb} KB`]
      : []),
  ]),
];
if (missed.length > 0) {
  console.error(`\nTargets missed:\n  ${missed.join("\n  ")}`);
  process.exit(1);
}
console.log("\nAll targets met.");
