import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { twoFactorPage as t } from "../../../lib/messages/two-factor";
import { accountFailure, apiFailure, fakeApi, inTurn } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { TeamTwoFactor } from "./team-two-factor";
import { TwoFactorSettings } from "./two-factor-settings";

const totpURI =
  "otpauth://totp/Agency:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Agency&digits=6&period=30";
const backupCodes = Array.from({ length: 10 }, (_, index) => `CODE${index}-ABCDE`);

describe("turning two-factor sign-in on", () => {
  it("shows the app's secret as text and the backup codes once, and turns on with a right first code", async () => {
    const api = fakeApi({
      "POST /api/auth/two-factor/enable": { totpURI, backupCodes },
      "POST /api/auth/two-factor/verify-totp": inTurn(
        accountFailure(401, "Invalid code", { code: "INVALID_CODE" }),
        {
          token: "t",
        },
      ),
    });
    renderWithProviders(<TwoFactorSettings enabled={false} />);
    expect(screen.getByText(t.statusOff)).toBeTruthy();
    const start = screen.getByRole("form", { name: t.setUp });
    fireEvent.change(within(start).getByLabelText(t.password), { target: { value: "secret-password" } });
    fireEvent.click(within(start).getByRole("button", { name: t.start }));

    expect((await screen.findByTestId("totp-secret")).textContent).toBe("JBSWY3DPEHPK3PXP");
    expect(screen.getByTestId("totp-uri").textContent).toBe(totpURI);
    const list = screen.getByRole("list", { name: t.backupHeading });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(backupCodes);
    expect(api.callsTo("POST /api/auth/two-factor/enable")[0]?.body).toEqual({ password: "secret-password" });

    const confirm = screen.getByRole("form", { name: t.confirm });
    fireEvent.change(within(confirm).getByLabelText(t.codeLabel), { target: { value: "000 000" } });
    fireEvent.click(within(confirm).getByRole("button", { name: t.confirm }));
    expect(await screen.findByText(t.wrongCode)).toBeTruthy();
    fireEvent.change(within(confirm).getByLabelText(t.codeLabel), { target: { value: "123456" } });
    fireEvent.click(within(confirm).getByRole("button", { name: t.confirm }));
    expect(await screen.findByText(t.enabled)).toBeTruthy();
    expect(api.callsTo("POST /api/auth/two-factor/verify-totp").map((call) => call.body)).toEqual([
      { code: "000000" },
      { code: "123456" },
    ]);
  });

  it("says why when the password is wrong", async () => {
    fakeApi({
      "POST /api/auth/two-factor/enable": accountFailure(400, "Invalid password", {
        code: "INVALID_PASSWORD",
      }),
    });
    renderWithProviders(<TwoFactorSettings enabled={false} />);
    const start = screen.getByRole("form", { name: t.setUp });
    fireEvent.change(within(start).getByLabelText(t.password), { target: { value: "nope" } });
    fireEvent.click(within(start).getByRole("button", { name: t.start }));
    expect(await screen.findByText("Invalid password")).toBeTruthy();
    expect(screen.queryByTestId("totp-secret")).toBeNull();
  });
});

const team = {
  required: false,
  members: [
    { id: "owner-1", name: "Olivia Owner", email: "olivia@example.com", role: "owner", enabled: true },
    { id: "staff-1", name: "Sam Staff", email: "sam@example.com", role: "staff", enabled: true },
    { id: "staff-2", name: "Nia New", email: "nia@example.com", role: "staff", enabled: false },
  ],
};

describe("the team's two-factor sign-in", () => {
  it("lets the owner require it and reset a member's", async () => {
    const api = fakeApi({
      "GET /api/team/two-factor": team,
      "PUT /api/team/two-factor": { modifiedCount: 1 },
      "POST /api/team/members/:id/two-factor/reset": { modifiedCount: 1 },
    });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    renderWithProviders(<TeamTwoFactor isOwner viewerId="owner-1" />);
    fireEvent.click(await screen.findByLabelText(t.requireLabel));
    expect(await screen.findByText(t.required)).toBeTruthy();
    expect(api.callsTo("PUT /api/team/two-factor")[0]?.body).toEqual({ required: true });

    // Only members with it on, other than the owner, can be reset.
    expect(screen.getAllByRole("button", { name: new RegExp(`^${t.reset}`) })).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: `${t.reset} Sam Staff` }));
    await vi.waitFor(() =>
      expect(api.callsTo("POST /api/team/members/:id/two-factor/reset")).toHaveLength(1),
    );
    expect(api.callsTo("POST /api/team/members/:id/two-factor/reset")[0]?.params).toEqual({ id: "staff-1" });
  });

  it("shows an Admin the state without the owner's controls", async () => {
    fakeApi({ "GET /api/team/two-factor": team });
    renderWithProviders(<TeamTwoFactor isOwner={false} viewerId="admin-1" />);
    const toggle = (await screen.findByLabelText(t.requireLabel)) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText(t.ownerOnlyNote)).toBeTruthy();
    expect(screen.queryByRole("button", { name: new RegExp(`^${t.reset}`) })).toBeNull();
  });

  it("says so when the owner has not turned it on for themselves", async () => {
    fakeApi({
      "GET /api/team/two-factor": team,
      "PUT /api/team/two-factor": apiFailure(409, "conflict", t.ownerFirst),
    });
    renderWithProviders(<TeamTwoFactor isOwner viewerId="owner-1" />);
    fireEvent.click(await screen.findByLabelText(t.requireLabel));
    expect(await screen.findByText(t.ownerFirst)).toBeTruthy();
  });
});
