import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { newsletterConfirmation as t } from "../../lib/messages";
import { renderRoute } from "../../test/render-route";
import { jsonResponse } from "../../test/render-with-providers";
import NewsletterConfirm from "./newsletter-confirm";

function openLink(url: string) {
  return renderRoute("/newsletter/confirm", NewsletterConfirm, url);
}

describe("the newsletter confirmation page", () => {
  it("posts the mailed token once and says the subscription is confirmed", async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ confirmed: true, email: "ada@example.com" }));
    vi.stubGlobal("fetch", fetchMock);
    openLink("/newsletter/confirm?token=lead.signature");

    expect(await screen.findByText(t.confirmed)).toBeTruthy();
    expect(screen.getByText(t.confirmedLead("ada@example.com"))).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/newsletter/confirm");
    expect(JSON.parse(String(init.body))).toEqual({ token: "lead.signature" });
  });

  it("shows the server's reason for a link it refuses, with a way home", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        jsonResponse(
          { error: { code: "not_found", message: "This confirmation link is not valid any more." } },
          404,
        ),
      ),
    );
    openLink("/newsletter/confirm?token=forged");

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(t.failed);
    expect(alert.textContent).toContain("This confirmation link is not valid any more.");
    expect(screen.queryByText(t.confirmed)).toBeNull();
    expect(screen.getByRole("link", { name: t.backHome }).getAttribute("href")).toBe("/");
  });

  it("sends nothing for a link without a token", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    openLink("/newsletter/confirm");

    expect((await screen.findByRole("alert")).textContent).toContain(t.missingToken);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
