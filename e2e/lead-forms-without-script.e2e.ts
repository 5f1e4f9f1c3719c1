import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { contact, newsletter, queryForm } from "../web/app/lib/messages";
import { expectAccessible } from "./support/axe";
import { baseUrl, hydrated, hydratedElement, useBrowser } from "./support/browser";
import { confirmNewsletterByMail, storedLeads, uniqueEmail } from "./support/leads";

const browser = useBrowser();

function queryFields(page: Page) {
  const form = page.locator("form", { has: page.getByLabel(queryForm.websiteLabel) });
  return {
    form,
    website: form.getByLabel(queryForm.websiteLabel),
    email: form.getByLabel(queryForm.emailLabel),
    send: form.getByRole("button", { name: queryForm.submit }),
  };
}

function newsletterFields(page: Page) {
  const form = page.locator("form", { has: page.getByLabel(newsletter.emailLabel) });
  return {
    form,
    email: form.getByLabel(newsletter.emailLabel),
    send: form.getByRole("button", { name: newsletter.submit }),
  };
}

function contactFields(page: Page) {
  const form = page.locator("form", { has: page.getByLabel(contact.messageLabel, { exact: true }) });
  return {
    form,
    name: form.getByLabel(contact.nameLabel, { exact: true }),
    email: form.getByLabel(contact.emailLabel, { exact: true }),
    message: form.getByLabel(contact.messageLabel, { exact: true }),
    send: form.getByRole("button", { name: contact.submit }),
  };
}

/**
 * Holds back every script of the site until `release` is called, as a slow network would: the
 * page's HTML is there and can be typed into, but React has not taken it over yet.
 */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The toast with this text is on screen (the script's answer; the page stays where it is). */
async function toastSays(page: Page, message: string) {
  await page.getByRole("status").filter({ hasText: message }).first().waitFor();
}

/** A browser with JavaScript turned off, as some visitors (and some networks) have it. */
async function withoutScript(run: (page: Page) => Promise<void>) {
  const browserOf = browser.context.browser();
  if (!browserOf) throw new Error("The journey's context has no browser.");
  const context = await browserOf.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

describe("lead forms typed into before the page's script runs", () => {
  it("keeps what was typed into the landing page's forms and sends it once the script runs", async () => {
    const { page } = browser;
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    const query = queryFields(page);
    const join = newsletterFields(page);
    const queryEmail = uniqueEmail("early-query");
    const newsletterEmail = uniqueEmail("early-newsletter");
    await query.website.fill("https://early.example");
    await query.email.fill(queryEmail);
    await join.email.fill(newsletterEmail);
    // Nothing waits for the script before sending: the form would post itself to the page.
    expect(await query.send.isEnabled()).toBe(true);
    expect(await join.send.isEnabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    release();
    await hydrated(page);
    // The lower sections hydrate from their own code, fetched as the visitor nears them.
    await query.form.scrollIntoViewIfNeeded();
    await hydratedElement(query.form);
    await join.form.scrollIntoViewIfNeeded();
    await hydratedElement(join.form);
    expect(await query.website.inputValue()).toBe("https://early.example");
    expect(await query.email.inputValue()).toBe(queryEmail);
    expect(await join.email.inputValue()).toBe(newsletterEmail);

    const sent = page.waitForResponse((response) => response.url().endsWith("/api/leads/query"));
    await query.send.click();
    expect((await sent).status()).toBe(201);
    await toastSays(page, queryForm.success);
    expect(await query.website.inputValue()).toBe("");
    expect(await storedLeads(queryEmail)).toMatchObject([
      { kind: "query", website: "https://early.example", email: queryEmail },
    ]);

    const joined = page.waitForResponse((response) => response.url().endsWith("/api/newsletter"));
    await join.send.click();
    expect((await joined).status()).toBe(201);
    await toastSays(page, newsletter.success);
    expect(await join.email.inputValue()).toBe("");
    // Still the page the visitor opened: the script sent both, the browser posted neither.
    expect(new URL(page.url()).hash).toBe("");
    await confirmNewsletterByMail(page, newsletterEmail);
    expect(await storedLeads(newsletterEmail)).toMatchObject([
      { kind: "newsletter", email: newsletterEmail },
    ]);
  });

  it("keeps what was typed into the contact form and sends it once the script runs", async () => {
    const { page } = browser;
    const release = await holdScripts(page);
    await page.goto("/contact-us", { waitUntil: "commit" });
    const form = contactFields(page);
    const email = uniqueEmail("early-contact");
    await form.name.fill("Early Bird");
    await form.email.fill(email);
    await form.message.fill("Typed while the page was still loading.");
    expect(await form.send.isEnabled()).toBe(true);

    release();
    await hydrated(page);
    await hydratedElement(form.form);
    expect(await form.name.inputValue()).toBe("Early Bird");
    expect(await form.email.inputValue()).toBe(email);
    expect(await form.message.inputValue()).toBe("Typed while the page was still loading.");

    const sent = page.waitForResponse((response) => response.url().endsWith("/api/leads/contact"));
    await form.send.click();
    expect((await sent).status()).toBe(201);
    await toastSays(page, contact.success);
    expect(await form.message.inputValue()).toBe("");
    expect(await storedLeads(email)).toMatchObject([
      { kind: "contact", name: "Early Bird", email, message: "Typed while the page was still loading." },
    ]);
  });
});

describe("lead forms sent before the page's script runs", () => {
  it("posts the form itself, and the page that answers takes over with the message and the form", async () => {
    const { page } = browser;
    let release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    let query = queryFields(page);
    const email = uniqueEmail("early-send");
    await query.email.fill(email);
    await query.send.click();
    await page.waitForURL((url) => url.hash === "#query-form", { waitUntil: "commit" });
    await page.getByRole("alert").filter({ hasText: queryForm.websiteMissing }).waitFor();
    release();

    await hydrated(page);
    query = queryFields(page);
    await query.form.scrollIntoViewIfNeeded();
    await hydratedElement(query.form);
    expect(await query.email.inputValue()).toBe(email);
    await expectAccessible(page, "landing page answering a query form with a broken rule");

    // With the script running, the form is sent by it; the page's old answer gives way to the toast.
    await query.website.fill("https://early-send.example");
    const sent = page.waitForResponse((response) => response.url().endsWith("/api/leads/query"));
    await query.send.click();
    expect((await sent).status()).toBe(201);
    await toastSays(page, queryForm.success);
    expect(await page.getByRole("alert").filter({ hasText: queryForm.websiteMissing }).count()).toBe(0);
    expect(await storedLeads(email)).toMatchObject([
      { kind: "query", website: "https://early-send.example", email },
    ]);

    // The contact page: sent before the script, stored, and the answer page hydrates cleanly.
    await page.unrouteAll();
    release = await holdScripts(page);
    await page.goto("/contact-us", { waitUntil: "commit" });
    const form = contactFields(page);
    const contactEmail = uniqueEmail("early-send-contact");
    await form.name.fill("Quick Clicker");
    await form.email.fill(contactEmail);
    await form.message.fill("Sent before the page finished loading.");
    await form.send.click();
    await page.getByRole("status").filter({ hasText: contact.success }).waitFor();
    release();
    await hydrated(page);
    await hydratedElement(contactFields(page).form);
    expect(await contactFields(page).name.inputValue()).toBe("");
    await expectAccessible(page, "contact page answering a sent message");
    expect(await storedLeads(contactEmail)).toMatchObject([
      { kind: "contact", name: "Quick Clicker", email: contactEmail },
    ]);
  });
});

describe("lead forms in a browser without JavaScript", () => {
  it("sends the query form and shows the success message on the page, the form emptied", async () => {
    await withoutScript(async (page) => {
      await page.goto("/");
      const form = queryFields(page);
      const email = uniqueEmail("plain-query");
      await form.website.fill("https://plain.example");
      await form.email.fill(email);
      await form.send.click();
      await page.waitForURL((url) => url.pathname === "/" && url.hash === "#query-form");

      const done = page.getByRole("status").filter({ hasText: queryForm.success });
      expect(await done.isVisible()).toBe(true);
      expect(await form.website.inputValue()).toBe("");
      expect(await form.email.inputValue()).toBe("");
      expect(await storedLeads(email)).toMatchObject([
        { kind: "query", website: "https://plain.example", email },
      ]);
    });
  });

  it("shows the query form's broken rule on the page and keeps what was typed", async () => {
    await withoutScript(async (page) => {
      await page.goto("/");
      const form = queryFields(page);
      const email = uniqueEmail("plain-query-missing");
      await form.email.fill(email);
      await form.send.click();
      await page.waitForURL((url) => url.hash === "#query-form");

      const problem = page.getByRole("alert").filter({ hasText: queryForm.websiteMissing });
      expect(await problem.isVisible()).toBe(true);
      expect(await form.email.inputValue()).toBe(email);
      expect(await storedLeads(email)).toEqual([]);
    });
  });

  it("sends the contact form, or shows its broken rule keeping what was typed", async () => {
    await withoutScript(async (page) => {
      await page.goto("/contact-us");
      let form = contactFields(page);
      await form.name.fill("Plain Baker");
      await form.message.fill("No scripts here, just a question.");
      await form.send.click();
      await page.waitForURL((url) => url.pathname === "/contact-us" && url.hash === "#contact-form");
      expect(await page.getByRole("alert").filter({ hasText: contact.emailMissing }).isVisible()).toBe(true);
      form = contactFields(page);
      expect(await form.name.inputValue()).toBe("Plain Baker");
      expect(await form.message.inputValue()).toBe("No scripts here, just a question.");

      const email = uniqueEmail("plain-contact");
      await form.email.fill(email);
      await form.send.click();
      await page.getByRole("status").filter({ hasText: contact.success }).waitFor();
      expect(await page.getByRole("alert").count()).toBe(0);
      expect(await form.name.inputValue()).toBe("");
      expect(await form.email.inputValue()).toBe("");
      expect(await form.message.inputValue()).toBe("");
      expect(await storedLeads(email)).toMatchObject([
        { kind: "contact", name: "Plain Baker", email, message: "No scripts here, just a question." },
      ]);
    });
  });

  it("signs up for the newsletter on the landing page and on the blogs page", async () => {
    const emails: string[] = [];
    await withoutScript(async (page) => {
      for (const path of ["/", "/blogs"]) {
        await page.goto(path);
        const form = newsletterFields(page);
        await form.send.click();
        await page.waitForURL((url) => url.pathname === path && url.hash === "#newsletter");
        expect(await page.getByRole("alert").filter({ hasText: newsletter.emailMissing }).isVisible()).toBe(
          true,
        );

        const email = uniqueEmail("plain-newsletter");
        emails.push(email);
        await form.email.fill(email);
        await form.send.click();
        await page.getByRole("status").filter({ hasText: newsletter.success }).waitFor();
        expect(new URL(page.url()).pathname).toBe(path);
        expect(await form.email.inputValue()).toBe("");
      }
    });
    // The same double opt-in as with the script: the address counts once its owner confirms it.
    for (const email of emails) {
      expect(await storedLeads(email)).toEqual([]);
      await confirmNewsletterByMail(browser.page, email);
      expect(await storedLeads(email)).toMatchObject([{ kind: "newsletter", email }]);
    }
  });

  it("refuses a form another site posts to the shop, and stores nothing", async () => {
    await withoutScript(async (page) => {
      const email = uniqueEmail("cross-site");
      // A page elsewhere whose form posts to the shop's contact page.
      await page.route("http://elsewhere.test/**", (route) =>
        route.fulfill({
          contentType: "text/html",
          body: `<form method="post" action="${baseUrl}/contact-us">
            <input type="hidden" name="intent" value="contact">
            <input type="hidden" name="name" value="Mallory">
            <input type="hidden" name="email" value="${email}">
            <input type="hidden" name="message" value="Sent from another site">
            <button>Win a prize</button></form>`,
        }),
      );
      await page.goto("http://elsewhere.test/");
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.url() === `${baseUrl}/contact-us`),
        page.getByRole("button", { name: "Win a prize" }).click(),
      ]);
      expect(answer.status()).toBe(403);
      expect(await answer.text()).toContain("This request came from another site");
      expect(await storedLeads(email)).toEqual([]);
    });
  });
});
