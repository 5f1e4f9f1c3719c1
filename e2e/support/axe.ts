import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { expect } from "vitest";

const axeScript = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeResults = {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
};

/**
 * Waits (up to 3 s) for the screen's finite animations to end, then holds every element at its
 * resting style while axe reads it: a toast fading in or out has the contrast of half its colours,
 * which is not what anyone reads, and a toast may start leaving while axe is at work.
 */
async function settled(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== "running" ||
              animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => {});
  await page.evaluate(() => {
    const style = document.createElement("style");
    style.id = "axe-at-rest";
    style.textContent = "*, *::before, *::after { animation: none !important; transition: none !important; }";
    document.head.append(style);
  });
}

/** Lets the screen move again after a check. */
async function released(page: Page) {
  await page.evaluate(() => document.getElementById("axe-at-rest")?.remove()).catch(() => {});
}

/** axe-core's serious and critical findings on the page as it is now (WCAG 2.x A and AA rules). */
async function seriousAccessibilityViolations(page: Page) {
  await settled(page);
  let results: AxeResults;
  try {
    // Evaluated by the browser's debugging protocol, not as a <script> tag: the site's policy
    // allows no inline script it did not write itself. Once per document: the second width's
    // check, or a later check on the same page, finds it there.
    if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeScript);
    results = await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }
      ).axe;
      return axe.run(document, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
        resultTypes: ["violations"],
      });
    });
  } finally {
    await released(page);
  }
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      where: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
}

/** The widths every screen is checked at: the desktop layout and a phone. */
const checkedWidths = [1280, 390] as const;

/**
 * Fails the journey when axe finds a serious or critical issue on the screen as it is now, at
 * 1280 px and at 390 px; the viewport is put back as it was afterwards.
 */
export async function expectAccessible(page: Page, screen: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of checkedWidths) {
    await page.setViewportSize({ width, height: original.height });
    expect(await seriousAccessibilityViolations(page), `${screen} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize(original);
}
