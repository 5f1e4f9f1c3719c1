import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { contact, errors, newsletter, newsletterConfirmation, queryForm } from "../web/app/lib/messages";
import { expectAccessible } from "./support/axe";
import { hydratedElement, open, useBrowser } from "./support/browser";
import { confirmNewsletterByMail, storedLeads, uniqueEmail } from "./support/leads";

const browser = useBrowser();

/** The toast with this text is on screen. */
async function toastSays(page: Page, message: string) {
  await page.getByRole("status").filter({ hasText: message }).first().waitFor();
}

function queryFields(page: Page) {
  const form = page.locator("form", { has: page.getByLabel(queryForm.websiteLabel) });
  return {
    website: form.getByLabel(queryForm.websiteLabel),
    email: form.getByLabel(queryForm.emailLabel),
    send: form.getByRole("button", { name: queryForm.submit }),
  };
}

function contactFields(page: Page) {
  return {
    name: page.getByLabel(contact.nameLabel, { exact: true }),
    email: page.getByLabel(contact.emailLabel, { exact: true }),
    message: page.getByLabel(contact.messageLabel, { exact: true }),
    send: page.getByRole("button", { name: contact.submit }),
  };
}

describe("a visitor leaving their details", () => {
  it("gets the query form's messages in the spec's order, and a sent request is stored", async () => {
    const { page } = browser;
    await open(page, "/");
    const form = queryFields(page);
    // The landing page's lower sections load their code as the visitor scrolls to them; until then
    // the form would post itself to the page (see lead-forms-without-script.e2e.ts).
    await form.website.scrollIntoViewIfNeeded();
    await hydratedElement(form.website);
    await form.send.click();
    await toastSays(page, queryForm.bothMissing);

    await form.website.fill("https://bakery.example");
    await form.send.click();
    await toastSays(page, "Please Fill This Field.");
    expect(await form.website.inputValue()).toBe("https://bakery.example");

    await form.website.fill("");
    const email = uniqueEmail("query");
    await form.email.fill(email);
    await form.send.click();
    await toastSays(page, "Please Enter Your Website url");
    expect(await form.email.inputValue()).toBe(email);

    await form.website.fill("https://bakery.example");
    await form.send.click();
    await toastSays(page, "Successfully Send.");
    expect(await form.website.inputValue()).toBe("");
    expect(await form.email.inputValue()).toBe("");

    const stored = await storedLeads(email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: "query", website: "https://bakery.example", email });
  });

  it("signs up for the newsletter on the landing page and on the blogs page", async () => {
    const { page } = browser;
    for (const path of ["/", "/blogs"]) {
      await open(page, path);
      const field = page.getByLabel(newsletter.emailLabel);
      const subscribe = page.getByRole("button", { name: newsletter.submit });
      await field.scrollIntoViewIfNeeded();
      await hydratedElement(field);
      await subscribe.click();
      await toastSays(page, "Please enter your email");

      const email = uniqueEmail("newsletter");
      await field.fill(email);
      await subscribe.click();
      await toastSays(page, "Thanks for joining us !");
      expect(await field.inputValue()).toBe("");
      // The address counts only once its owner follows the mailed link.
      expect(await storedLeads(email)).toEqual([]);

      await confirmNewsletterByMail(page, email);
      expect(await storedLeads(email)).toMatchObject([{ kind: "newsletter", email }]);
    }
  });

  it("tells a visitor whose confirmation link is broken why, with a way home", async () => {
    const { page } = browser;
    await open(page, "/newsletter/confirm?token=not-a-real-token");
    await page.getByRole("alert").filter({ hasText: newsletterConfirmation.failed }).waitFor();
    expect(await page.getByRole("alert").textContent()).toContain(
      "This confirmation link is not valid any more.",
    );
    await expectAccessible(page, "newsletter confirmation");
    await page.getByRole("link", { name: newsletterConfirmation.backHome }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  it("gets the contact form's messages in the spec's order, keeping what was typed, and a sent message is stored", async () => {
    const { page } = browser;
    await open(page, "/contact-us");
    const form = contactFields(page);
    await form.send.click();
    await toastSays(page, contact.allMissing);

    await form.message.fill("We need a new shop front online.");
    await form.send.click();
    await toastSays(page, contact.nameMissing);

    await form.name.fill("Ada Baker");
    await form.send.click();
    await toastSays(page, contact.emailMissing);

    const email = uniqueEmail("contact");
    await form.email.fill(email);
    await form.message.fill("");
    await form.send.click();
    await toastSays(page, "Write anything you want...");
    expect(await form.name.inputValue()).toBe("Ada Baker");
    expect(await form.email.inputValue()).toBe(email);

    await form.message.fill("We need a new shop front online.");
    await form.send.click();
    await toastSays(page, "Successfully send your message.");
    expect(await form.name.inputValue()).toBe("");
    expect(await form.email.inputValue()).toBe("");
    expect(await form.message.inputValue()).toBe("");

    expect(await storedLeads(email)).toMatchObject([
      { kind: "contact", name: "Ada Baker", email, message: "We need a new shop front online." },
    ]);
  });

  it("shows an error and keeps the values when the message cannot reach the server", async () => {
    const { page } = browser;
    await open(page, "/contact-us");
    await page.route("**/api/leads/contact", (route) => route.abort("internetdisconnected"));
    const form = contactFields(page);
    const email = uniqueEmail("offline");
    await form.name.fill("Ada Baker");
    await form.email.fill(email);
    await form.message.fill("Are you there?");
    await form.send.click();

    await toastSays(page, errors.network);
    expect(await form.name.inputValue()).toBe("Ada Baker");
    expect(await form.email.inputValue()).toBe(email);
    expect(await form.message.inputValue()).toBe("Are you there?");
    expect(await storedLeads(email)).toEqual([]);
  });
});
