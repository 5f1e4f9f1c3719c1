import type { MailPreferences } from "@agency/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { notificationsPage as t } from "../../lib/messages";
import { apiFailure, type FakeApi, fakeApi, inTurn, networkDown } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import Notifications from "./notifications";

const stored: MailPreferences = { email: "ada@example.com", optionalMail: true, newsletter: "none" };

/** A server that holds the preferences and answers a PUT with `afterSave` (or a refusal). */
function stubServer(
  initial: MailPreferences,
  afterSave: (body: Partial<MailPreferences>) => MailPreferences | Response,
) {
  return fakeApi({
    "GET /api/mail/preferences": initial,
    "PUT /api/mail/preferences": ({ body }) => afterSave(body as Partial<MailPreferences>),
  });
}

function savedBodies(api: FakeApi) {
  return api.callsTo("PUT /api/mail/preferences").map((call) => [call.url, call.body]);
}

const optionalMailSwitch = () => screen.getByRole("switch", { name: t.optionalMail }) as HTMLInputElement;
const newsletterSwitch = () => screen.getByRole("switch", { name: t.newsletter }) as HTMLInputElement;

describe("notification settings", () => {
  it("shows the stored choices and saves a change, with a success toast", async () => {
    const api = stubServer(stored, (body) => ({ ...stored, ...body }));
    renderWithProviders(<Notifications />);

    expect((await screen.findByRole("switch", { name: t.optionalMail })) as HTMLInputElement).toHaveProperty(
      "checked",
      true,
    );
    expect(newsletterSwitch().checked).toBe(false);
    expect(screen.getByText(t.lead(stored.email))).toBeTruthy();

    fireEvent.click(optionalMailSwitch());
    fireEvent.click(screen.getByRole("button", { name: t.save }));

    expect(await screen.findByText(t.saved)).toBeTruthy();
    // The newsletter did not change, so the request leaves it alone.
    expect(savedBodies(api)).toEqual([["/api/mail/preferences", { optionalMail: false }]]);
    expect(optionalMailSwitch().checked).toBe(false);
  });

  it("lets a team member turn the mails about their work off", async () => {
    const member: MailPreferences = { ...stored, team: { orderMessages: true, orderAssigned: true } };
    const api = stubServer(member, (body) => ({ ...member, ...body }) as MailPreferences);
    renderWithProviders(<Notifications />);

    const messages = (await screen.findByRole("switch", { name: t.orderMessages })) as HTMLInputElement;
    expect(messages.checked).toBe(true);
    fireEvent.click(screen.getByRole("switch", { name: t.orderAssigned }));
    fireEvent.click(screen.getByRole("button", { name: t.save }));

    await screen.findByText(t.saved);
    expect(savedBodies(api)).toEqual([
      ["/api/mail/preferences", { optionalMail: true, team: { orderMessages: true, orderAssigned: false } }],
    ]);
    expect((screen.getByRole("switch", { name: t.orderAssigned }) as HTMLInputElement).checked).toBe(false);
  });

  it("shows a customer no switches about the team's work", async () => {
    stubServer(stored, () => stored);
    renderWithProviders(<Notifications />);
    await screen.findByRole("switch", { name: t.optionalMail });
    expect(screen.queryByRole("switch", { name: t.orderMessages })).toBeNull();
  });

  it("asks the customer to check their inbox after turning the newsletter on", async () => {
    const api = stubServer(stored, () => ({ ...stored, newsletter: "pending" }));
    renderWithProviders(<Notifications />);

    fireEvent.click(await screen.findByRole("switch", { name: t.newsletter }));
    expect(screen.queryByText(t.pending(stored.email))).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: t.save }));

    expect(await screen.findByText(t.pending(stored.email))).toBeTruthy();
    expect(newsletterSwitch().checked).toBe(true);
    expect(savedBodies(api)).toEqual([["/api/mail/preferences", { optionalMail: true, newsletter: true }]]);
  });

  it("ends a subscription that waits for confirmation when the newsletter is turned off", async () => {
    const pending: MailPreferences = { ...stored, newsletter: "pending" };
    const api = stubServer(pending, () => ({ ...pending, newsletter: "none" }));
    renderWithProviders(<Notifications />);

    expect(await screen.findByText(t.pending(stored.email))).toBeTruthy();
    fireEvent.click(newsletterSwitch());
    fireEvent.click(screen.getByRole("button", { name: t.save }));

    await screen.findByText(t.saved);
    expect(savedBodies(api)).toEqual([["/api/mail/preferences", { optionalMail: true, newsletter: false }]]);
    expect(screen.queryByText(t.pending(stored.email))).toBeNull();
  });

  it("keeps the choices on screen and shows the server's reason when saving fails", async () => {
    stubServer(stored, () => apiFailure(401, "unauthorized", "Please log in again."));
    renderWithProviders(<Notifications />);

    fireEvent.click(await screen.findByRole("switch", { name: t.optionalMail }));
    fireEvent.click(screen.getByRole("button", { name: t.save }));

    expect(await screen.findByText("Please log in again.")).toBeTruthy();
    expect(screen.queryByText(t.saved)).toBeNull();
    expect(optionalMailSwitch().checked).toBe(false);
  });

  it("says when the settings cannot be loaded and loads them again on request", async () => {
    fakeApi({ "GET /api/mail/preferences": inTurn(networkDown, stored) });
    renderWithProviders(<Notifications />);

    expect(await screen.findByText(t.loadFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: t.retry }));
    await waitFor(() => expect(screen.getByRole("switch", { name: t.optionalMail })).toBeTruthy());
  });
});
