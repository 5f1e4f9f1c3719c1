import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { unsubscribePage as t } from "../../lib/messages";
import { renderRoute } from "../../test/render-route";
import { jsonResponse } from "../../test/render-with-providers";
import Unsubscribe from "./unsubscribe";

const email = "ada@example.com";
const link = `/unsubscribe?${new URLSearchParams({ email, token: "signed-token" })}`;

function openLink(url = link) {
  return renderRoute("/unsubscribe", Unsubscribe, url);
}

describe("the unsubscribe page", () => {
  it("changes nothing until the reader presses Unsubscribe, then posts the signed link and confirms", async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ unsubscribed: true, email }));
    vi.stubGlobal("fetch", fetchMock);
    openLink();

    expect(await screen.findByText(t.question(email))).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: t.submit }));

    expect(await screen.findByText(t.done)).toBeTruthy();
    expect(screen.getByText(t.doneLead(email))).toBeTruthy();
    expect(screen.getByRole("link", { name: t.settingsLink }).getAttribute("href")).toBe(
      "/dashboard/notifications",
    );
    expect(screen.queryByRole("button", { name: t.submit })).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/mail/unsubscribe?email=ada%40example.com&token=signed-token",
      expect.objectContaining({ method: "POST" }),
    );
  });

  it("shows the server's reason for a link it does not accept, and lets the reader try again", async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ error: { code: "not_found", message: "This unsubscribe link is not valid." } }, 404),
    );
    vi.stubGlobal("fetch", fetchMock);
    openLink();

    fireEvent.click(await screen.findByRole("button", { name: t.submit }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(t.failed);
    expect(alert.textContent).toContain("This unsubscribe link is not valid.");
    expect(screen.queryByText(t.done)).toBeNull();
    expect(screen.getByRole("button", { name: t.submit })).toHaveProperty("disabled", false);
  });

  it.each([
    ["without a token", `/unsubscribe?email=${email}`],
    ["without an address", "/unsubscribe?token=signed-token"],
  ])("explains that a link %s is incomplete and sends nothing", async (_, url) => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    openLink(url);

    expect((await screen.findByRole("alert")).textContent).toContain(t.incomplete);
    expect(screen.queryByRole("button", { name: t.submit })).toBeNull();
    expect(screen.getByRole("link", { name: t.backHome }).getAttribute("href")).toBe("/");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
