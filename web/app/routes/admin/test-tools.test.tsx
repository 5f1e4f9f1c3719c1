import type { SiteSettings } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { TestModeBand } from "../../features/site/components/test-mode-band";
import { notFound, testModeTexts as t } from "../../lib/messages";
import { fakeApi } from "../../test/fake-api";
import { renderRoute } from "../../test/render-route";
import TestTools from "./test-tools";

/** The server: its test mode as given, and a billing clock that run-due moves forward. */
function stubServer(testMode: SiteSettings["testMode"]) {
  let aheadDays = testMode?.clockAheadDays ?? 0;
  const now = () => new Date(Date.UTC(2026, 10, 25 + aheadDays, 12)).toISOString();
  return fakeApi({
    "GET /api/site": () => ({
      googleMapsApiKey: null,
      socialSignIn: { google: false, facebook: false },
      testMode: testMode ? { ...testMode, clockAheadDays: aheadDays } : null,
    }),
    "GET /api/admin/test-tools": () => ({ now: now(), clockAheadDays: aheadDays }),
    "POST /api/admin/test-tools/run-due": ({ body }) => {
      aheadDays += (body as { advanceDays: number }).advanceDays;
      return { ran: 2, now: now(), clockAheadDays: aheadDays };
    },
  });
}

/** A dashboard page with the band above it, as the dashboards' frame shows it. */
function WithBand() {
  return (
    <>
      <TestModeBand />
      <Outlet />
    </>
  );
}

function TestToolsWithBand() {
  return (
    <>
      <TestModeBand />
      <TestTools />
    </>
  );
}

function openTestTools() {
  return renderRoute("/dashboard/admin/test-tools", TestToolsWithBand, "/dashboard/admin/test-tools");
}

describe("the test-mode band", () => {
  it("says payments are simulated while the test provider takes them", async () => {
    stubServer({ testTools: true, clockAheadDays: 0 });
    renderRoute("/dashboard", WithBand, "/dashboard");
    const band = await screen.findByRole("status");
    expect(band.textContent).toBe(t.band);
  });

  it("says how far ahead the billing clock runs once it is moved", async () => {
    stubServer({ testTools: false, clockAheadDays: 32 });
    renderRoute("/dashboard", WithBand, "/dashboard");
    const band = await screen.findByRole("status");
    expect(band.textContent).toBe(`${t.band}. ${t.clockAhead(32)}.`);
  });

  it("is not there with a real payment provider", async () => {
    const api = stubServer(null);
    renderRoute("/dashboard", WithBand, "/dashboard");
    await waitFor(() => expect(api.urls()).toContain("/api/site"));
    await waitFor(() => expect(document.querySelector("[data-test-mode-band]")).toBeNull());
    expect(screen.queryByText(t.band)).toBeNull();
  });
});

describe("the Test tools page", () => {
  it("moves the clock, runs the due renewals and the band says the clock is ahead", async () => {
    stubServer({ testTools: true, clockAheadDays: 0 });
    openTestTools();
    await screen.findByRole("heading", { name: t.heading });
    fireEvent.change(screen.getByLabelText(t.advanceDays), { target: { value: "31" } });
    fireEvent.click(screen.getByRole("button", { name: t.runDueRenewals }));
    const band = await waitFor(() => {
      const element = document.querySelector("[data-test-mode-band]");
      expect(element?.textContent).toContain(t.clockAhead(31));
      return element as HTMLElement;
    });
    expect(within(band).getByText(t.band)).toBeTruthy();
    expect(await screen.findByText(/^2 due jobs ran; the billing clock reads /)).toBeTruthy();
  });

  it("is the not-found page outside test mode", async () => {
    stubServer({ testTools: false, clockAheadDays: 0 });
    openTestTools();
    expect(await screen.findByRole("heading", { name: notFound.heading })).toBeTruthy();
    expect(screen.queryByRole("button", { name: t.runDueRenewals })).toBeNull();
  });
});
