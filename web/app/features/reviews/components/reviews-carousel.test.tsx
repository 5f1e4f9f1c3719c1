import type { Review } from "@agency/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { reviews as messages } from "../../../lib/messages";
import { stubCarouselApis } from "../../../test/browser-apis";
import { fakeApi } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { defaultAvatar, ReviewsCarousel } from "./reviews-carousel";

const reviews: Review[] = [
  {
    _id: "r1",
    name: "Ada Lovelace",
    comment: "Clear plans and honest reports.",
    profilePicture: "https://images.example/ada.png",
    createdAt: "2026-01-02T00:00:00.000Z",
  },
  {
    _id: "r2",
    name: "Grace Hopper",
    comment: "Our bookings doubled.",
    profilePicture: null,
    createdAt: "2026-01-01T00:00:00.000Z",
  },
];

describe("reviews carousel", () => {
  it("shows each review as a slide, with the default avatar when there is no picture", async () => {
    stubCarouselApis();
    fakeApi({ "GET /api/reviews": reviews });
    renderWithProviders(<ReviewsCarousel />);

    const region = await screen.findByRole("region", { name: messages.carouselLabel });
    const slides = within(region).getAllByRole("group");
    expect(slides.map((slide) => slide.getAttribute("aria-label"))).toEqual(["1 of 2", "2 of 2"]);
    expect(within(slides[0] as HTMLElement).getByText("“Clear plans and honest reports.”")).toBeTruthy();

    const ada = screen.getByRole("img", { name: messages.pictureOf("Ada Lovelace") });
    const grace = screen.getByRole("img", { name: messages.pictureOf("Grace Hopper") });
    expect(ada.getAttribute("src")).toBe("https://images.example/ada.png");
    expect(grace.getAttribute("src")).toBe(defaultAvatar);
  });

  it("falls back to the default avatar when a picture fails to load", async () => {
    stubCarouselApis();
    fakeApi({ "GET /api/reviews": reviews });
    renderWithProviders(<ReviewsCarousel />);

    const ada = await screen.findByRole("img", { name: messages.pictureOf("Ada Lovelace") });
    fireEvent.error(ada);
    expect(screen.getByRole("img", { name: messages.pictureOf("Ada Lovelace") }).getAttribute("src")).toBe(
      defaultAvatar,
    );
  });

  it("offers previous, next and pause/play controls", async () => {
    stubCarouselApis();
    fakeApi({ "GET /api/reviews": reviews });
    renderWithProviders(<ReviewsCarousel />);

    expect(await screen.findByRole("button", { name: messages.previous })).toBeTruthy();
    expect(screen.getByRole("button", { name: messages.next })).toBeTruthy();
    // Pause while it moves, Play when stopped (in jsdom nothing has a size, so it may not move).
    const toggle = screen.getByRole("button", { name: new RegExp(`^(${messages.pause}|${messages.play})$`) });
    expect(toggle).toBeTruthy();
  });
});
