import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeScript = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

type AxeResults = {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
};

/** axe-core's serious and critical findings on the page as it is now (WCAG 2.x A and AA rules). */
export async function seriousAccessibilityViolations(page: Page) {
  await page.addScriptTag({ path: axeScript });
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }
    ).axe;
    return axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
      resultTypes: ["violations"],
    });
  });
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      where: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
}
