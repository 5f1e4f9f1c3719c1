import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { newsletterConfirmation as t } from "../../lib/messages";
import { apiFailure, fakeApi } from "../../test/fake-api";
import { renderRoute } from "../../test/render-route";
import NewsletterConfirm from "./newsletter-confirm";

function openLink(url: string) {
  return renderRoute("/newsletter/confirm", NewsletterConfirm, url);
}

describe("the newsletter confirmation page", () => {
  it("posts the mailed token once and says the subscription is confirmed", async () => {
    const api = fakeApi({ "POST /api/newsletter/confirm": { confirmed: true, email: "ada@example.com" } });
    openLink("/newsletter/confirm?token=lead.signature");

    expect(await screen.findByText(t.confirmed)).toBeTruthy();
    expect(screen.getByText(t.confirmedLead("ada@example.com"))).toBeTruthy();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.url).toBe("/api/newsletter/confirm");
    expect(api.calls[0]?.body).toEqual({ token: "lead.signature" });
  });

  it("shows the server's reason for a link it refuses, with a way home", async () => {
    fakeApi({
      "POST /api/newsletter/confirm": apiFailure(
        404,
        "not_found",
        "This confirmation link is not valid any more.",
      ),
    });
    openLink("/newsletter/confirm?token=forged");

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(t.failed);
    expect(alert.textContent).toContain("This confirmation link is not valid any more.");
    expect(screen.queryByText(t.confirmed)).toBeNull();
    expect(screen.getByRole("link", { name: t.backHome }).getAttribute("href")).toBe("/");
  });

  it("sends nothing for a link without a token", async () => {
    const api = fakeApi();
    openLink("/newsletter/confirm");

    expect((await screen.findByRole("alert")).textContent).toContain(t.missingToken);
    expect(api.calls).toEqual([]);
  });
});
