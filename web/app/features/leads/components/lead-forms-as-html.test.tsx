import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { contact, newsletter, queryForm } from "../../../lib/messages";
import { fakeApi } from "../../../test/fake-api";
import { renderWithProviders, withProviders } from "../../../test/render-with-providers";
import { ContactForm } from "./contact-form";
import { NewsletterForm } from "./newsletter-form";
import { QueryForm } from "./query-form";

const forms: [string, () => ReactElement, string, string[], string][] = [
  [
    "contact",
    () => <ContactForm />,
    "/contact-us#contact-form",
    ["name", "email", "message"],
    contact.submit,
  ],
  ["query", () => <QueryForm />, "/#query-form", ["website", "email"], queryForm.submit],
  ["newsletter", () => <NewsletterForm action="/blogs" />, "/blogs#newsletter", ["email"], newsletter.submit],
];

/** The page's HTML as the server sends it, in a document of its own (no script has run). */
function serverRendered(ui: ReactElement): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = renderToString(withProviders(ui));
  document.body.append(container);
  return container;
}

let hydrated: Root | undefined;
afterEach(() => {
  act(() => hydrated?.unmount());
  hydrated = undefined;
  document.body.innerHTML = "";
});

describe("the lead forms as plain HTML, before and without the page's script", () => {
  it.each(forms)(
    "the %s form posts its named fields to its page, and can be sent at once",
    (intent, ui, action, fields, submit) => {
      const page = serverRendered(ui());
      const form = page.querySelector("form");
      if (!form) throw new Error("no form in the page");
      expect(form.getAttribute("method")).toBe("post");
      expect(form.getAttribute("action")).toBe(action);
      const named = [...form.elements].map((element) => element.getAttribute("name")).filter(Boolean);
      expect(named).toEqual(["intent", ...fields]);
      expect((form.elements.namedItem("intent") as HTMLInputElement).value).toBe(intent);
      // No waiting for the script: a click before it runs posts the form to the page.
      expect(within(page).getByRole("button", { name: submit }).hasAttribute("disabled")).toBe(false);
    },
  );

  it("keeps what was typed before the script ran, and sends that once it runs", async () => {
    const api = fakeApi({ "POST /api/leads/contact": { success: true, insertedId: "x" } });
    const ui = <ContactForm />;
    const page = serverRendered(ui);
    const field = (label: string) => within(page).getByLabelText(label) as HTMLInputElement;
    // Typed into the server's HTML, before React takes the page over.
    field(contact.nameLabel).value = "Early Bird";
    field(contact.emailLabel).value = "early@example.com";
    field(contact.messageLabel).value = "Typed while the page loaded.";

    await act(async () => {
      hydrated = hydrateRoot(page, withProviders(ui));
    });
    expect(field(contact.nameLabel).value).toBe("Early Bird");
    expect(field(contact.messageLabel).value).toBe("Typed while the page loaded.");

    fireEvent.click(within(page).getByRole("button", { name: contact.submit }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toEqual({
      name: "Early Bird",
      email: "early@example.com",
      message: "Typed while the page loaded.",
    });
    await waitFor(() => expect(field(contact.nameLabel).value).toBe(""));
  });

  it("shows the server's success message in the page, the form empty", () => {
    renderWithProviders(<QueryForm result={{ form: "query", sent: true, message: queryForm.success }} />);
    expect(screen.getByRole("status").textContent).toBe(queryForm.success);
    expect((screen.getByLabelText(queryForm.websiteLabel) as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText(queryForm.emailLabel) as HTMLInputElement).value).toBe("");
  });

  it("shows the broken rule in the page, keeps what was typed, and drops it when sent again", async () => {
    fakeApi({ "POST /api/leads/contact": { success: true, insertedId: "x" } });
    renderWithProviders(
      <ContactForm
        result={{
          form: "contact",
          sent: false,
          message: contact.emailMissing,
          values: { name: "Ada", email: "", message: "Hello" },
        }}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe(contact.emailMissing);
    expect((screen.getByLabelText(contact.nameLabel) as HTMLInputElement).value).toBe("Ada");
    expect((screen.getByLabelText(contact.messageLabel) as HTMLTextAreaElement).value).toBe("Hello");

    fireEvent.change(screen.getByLabelText(contact.emailLabel), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: contact.submit }));
    expect(screen.queryByText(contact.emailMissing, { selector: "p" })).toBeNull();
    expect(await screen.findByText(contact.success)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText(contact.nameLabel) as HTMLInputElement).value).toBe(""),
    );
    expect((screen.getByLabelText(contact.messageLabel) as HTMLTextAreaElement).value).toBe("");
  });
});
