import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { unsubscribePage as t } from "../../lib/messages";
import { apiFailure, fakeApi } from "../../test/fake-api";
import { renderRoute } from "../../test/render-route";
import Unsubscribe from "./unsubscribe";

const email = "ada@example.com";
const link = `/unsubscribe?${new URLSearchParams({ email, token: "signed-token" })}`;

function openLink(url = link) {
  return renderRoute("/unsubscribe", Unsubscribe, url);
}

describe("the unsubscribe page", () => {
  it("changes nothing until the reader presses Unsubscribe, then posts the signed link and confirms", async () => {
    const api = fakeApi({ "POST /api/mail/unsubscribe": { unsubscribed: true, email } });
    openLink();

    expect(await screen.findByText(t.question(email))).toBeTruthy();
    expect(api.calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: t.submit }));

    expect(await screen.findByText(t.done)).toBeTruthy();
    expect(screen.getByText(t.doneLead(email))).toBeTruthy();
    expect(screen.getByRole("link", { name: t.settingsLink }).getAttribute("href")).toBe(
      "/dashboard/notifications",
    );
    expect(screen.queryByRole("button", { name: t.submit })).toBeNull();
    expect(api.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "POST /api/mail/unsubscribe?email=ada%40example.com&token=signed-token",
    ]);
  });

  it("shows the server's reason for a link it does not accept, and lets the reader try again", async () => {
    fakeApi({
      "POST /api/mail/unsubscribe": apiFailure(404, "not_found", "This unsubscribe link is not valid."),
    });
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
    const api = fakeApi();
    openLink(url);

    expect((await screen.findByRole("alert")).textContent).toContain(t.incomplete);
    expect(screen.queryByRole("button", { name: t.submit })).toBeNull();
    expect(screen.getByRole("link", { name: t.backHome }).getAttribute("href")).toBe("/");
    expect(api.calls).toEqual([]);
  });
});
