// Lighthouse as `npm run bench:web` runs it: its command line (npx lighthouse) in Chromium at
// `chromiumPath`, one page at a time, answering the figures the bench compares.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { root } from "./build-state.mjs";

/**
 * One Lighthouse run of a URL; a run Lighthouse itself could not record (a trace without its
 * navigation start, which happens now and then with headless Chromium) is tried again, twice at most.
 */
export async function lighthouse(url, outputDir, index, chromiumPath) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, outputDir, `${index}-${attempt}`, chromiumPath);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`${error instanceof Error ? error.message : error}; trying again.`);
    }
  }
}

/**
 * One Lighthouse run (mobile preset, simulated throttling, performance only) of a URL. Not
 * spawnSync: the proxies in this process must keep answering while Lighthouse loads the page.
 */
async function lighthouseOnce(url, outputDir, index, chromiumPath) {
  const outputPath = path.join(outputDir, `run-${index}.json`);
  const run = spawn(
    "npx",
    [
      "lighthouse",
      url,
      "--only-categories=performance",
      "--output=json",
      `--output-path=${outputPath}`,
      "--chrome-flags=--headless=new --no-sandbox",
      "--quiet",
    ],
    {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, CHROME_PATH: chromiumPath },
    },
  );
  const status = await new Promise((resolve) => run.on("exit", resolve));
  if (status !== 0) throw new Error(`Lighthouse failed on ${url} (exit ${status}).`);
  const report = JSON.parse(readFileSync(outputPath, "utf8"));
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.message}`);
  const metric = (id) => report.audits[id].numericValue;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    cls: metric("cumulative-layout-shift"),
    tbt: metric("total-blocking-time"),
    benchmarkIndex: report.environment.benchmarkIndex,
    version: report.lighthouseVersion,
  };
}
