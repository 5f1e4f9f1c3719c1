import { mkdirSync } from "node:fs";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Download,
  type Locator,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";

export const baseUrl = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000";
const artifactsDir = path.resolve(import.meta.dirname, "../artifacts");
const browserEndpoint = process.env.E2E_BROWSER_WS;

/**
 * Debian's Chromium, started once per shard by `npm run test:e2e` (scripts/e2e.mjs) and joined by
 * each test file, with one fresh context (cookies, storage) per test.
 */
export function useBrowser() {
  let browser: Browser;
  const state: { context: BrowserContext; page: Page; errors: string[] } = {} as never;

  beforeAll(async () => {
    if (!browserEndpoint) throw new Error("Run the journeys with npm run test:e2e: it starts the browser.");
    browser = await chromium.connect(browserEndpoint);
  });

  beforeEach(async () => {
    state.context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    state.page = await state.context.newPage();
    state.errors = [];
    state.page.on("pageerror", (error) => state.errors.push(error.message));
  });

  afterEach(async (context) => {
    if (context.task.result?.state === "fail") {
      mkdirSync(artifactsDir, { recursive: true });
      const name = context.task.name.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
      // A picture of the failure helps, but must not hide the failure itself if it cannot be taken.
      await capture(state.page, `failed-${name}`).catch((error: Error) =>
        console.warn(`no screenshot: ${error.message}`),
      );
    }
    await state.context.close();
    // An uncaught error in the page is a bug even when the journey's assertions passed.
    expect(state.errors, "uncaught errors in the page").toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  return state;
}

/** The bytes of a finished download (the browser runs in another process: it has no local path). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export async function screenshot(page: Page, name: string) {
  await capture(page, name);
}

/**
 * A full-page picture. On a loaded machine Chromium has been seen to miss its frame for a whole
 * timeout after the viewport changed; a second try, after the page has painted a frame, takes it.
 */
async function capture(page: Page, name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  const options = {
    path: path.join(artifactsDir, `${name}.png`),
    fullPage: true,
    animations: "disabled",
  } as const;
  try {
    await page.screenshot({ ...options, timeout: 20_000 });
  } catch (error) {
    if (!(error instanceof Error) || error.name !== "TimeoutError") throw error;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    await page.screenshot({ ...options, timeout: 40_000 });
  }
}

/**
 * Opens a page and waits until React runs it: typing into a prerendered form before that would be
 * lost when the page hydrates, as it would for a person.
 */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Waits until React has hydrated this element. A section whose code loads as the visitor nears it
 * hydrates after the page; before that, its forms still work, as plain HTML forms posted to the page.
 */
export async function hydratedElement(target: Locator) {
  const element = await target.elementHandle();
  await target
    .page()
    .waitForFunction(
      (node) => node !== null && Object.keys(node).some((key) => key.startsWith("__reactFiber$")),
      element,
    );
}

/** The toast (a status message) that says `text`. */
export function toast(page: Page, text: string) {
  return page.getByRole("status").filter({ hasText: text });
}

/**
 * Confirms the open confirmation dialog and waits until it has gone. On a loaded machine a click
 * has been seen to land while the dialog was still opening and do nothing: a dialog still there
 * after 10 s with its confirm button is confirmed once more.
 */
export async function confirmDialog(page: Page) {
  const dialog = page.locator(".swal2-container");
  const confirm = page.locator(".swal2-confirm");
  await confirm.click();
  try {
    await dialog.waitFor({ state: "detached", timeout: 10_000 });
  } catch {
    if (await confirm.isVisible()) await confirm.click();
    await dialog.waitFor({ state: "detached" });
  }
}
