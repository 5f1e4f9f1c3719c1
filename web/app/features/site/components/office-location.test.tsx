import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { contact } from "../../../lib/messages";
import { mapLink, telHref } from "../../../lib/site";
import { renderWithProviders, testSite as site } from "../../../test/render-with-providers";
import { OfficeLocation } from "./office-location";

// The real map needs Google's script; this stand-in shows what the page hands it.
vi.mock("./google-map", () => ({
  default: ({ apiKey, center }: { apiKey: string; center: { lat: number; lng: number } }) => (
    <p data-testid="google-map">
      {apiKey} {center.lat},{center.lng}
    </p>
  ),
}));

describe("office location on the contact page", () => {
  it("shows an address card with a link to an external map when no Maps key is configured", async () => {
    renderWithProviders(<OfficeLocation />, {
      settings: { googleMapsApiKey: null, socialSignIn: { google: false, facebook: false } },
    });

    const openMap = await screen.findByRole("link", { name: contact.openMap });
    expect(openMap.getAttribute("href")).toBe(mapLink(site));
    expect(openMap.getAttribute("target")).toBe("_blank");
    expect(screen.queryByTestId("google-map")).toBeNull();
  });

  it("loads the map, centred on the configured coordinate, when a key is configured", async () => {
    renderWithProviders(<OfficeLocation />, {
      settings: { googleMapsApiKey: "browser-key", socialSignIn: { google: false, facebook: false } },
    });

    const map = await screen.findByTestId("google-map");
    expect(map.textContent).toBe(`browser-key ${site.map.lat},${site.map.lng}`);
    expect(screen.queryByRole("link", { name: contact.openMap })).toBeNull();
  });

  it("lists the street address as a map link, two phone numbers and an e-mail link", async () => {
    renderWithProviders(<OfficeLocation />, {
      settings: { googleMapsApiKey: null, socialSignIn: { google: false, facebook: false } },
    });
    await screen.findByRole("link", { name: contact.openMap });

    const street = screen.getByRole("link", { name: new RegExp(site.address.street) });
    expect(street.getAttribute("href")).toBe(mapLink(site));
    const phones = site.phones.slice(0, 2);
    for (const phone of phones) {
      expect(screen.getByRole("link", { name: phone }).getAttribute("href")).toBe(telHref(phone));
    }
    expect(screen.getByRole("link", { name: site.email }).getAttribute("href")).toBe(`mailto:${site.email}`);
  });
});
