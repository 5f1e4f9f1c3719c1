import type { Blog } from "@agency/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { blogs as messages } from "../../../lib/messages";
import { apiFailure, fakeApi } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { BlogList } from "./blog-list";

const blogs: Blog[] = [
  {
    _id: "b1",
    title: "Five checks before you spend on ads",
    topic: "Marketing",
    blogLink: "https://www.example.com/blog/five-checks",
    img: "/images/blogs/ads-checklist.svg",
  },
  {
    _id: "b2",
    title: "Local SEO for small shops",
    topic: "SEO",
    blogLink: "https://www.example.com/blog/local-seo",
    img: "/images/blogs/local-seo.svg",
  },
];

describe("blog list", () => {
  it("shows a card per post from GET /api/blogs with image, topic, title and a link", async () => {
    const api = fakeApi({ "GET /api/blogs": blogs });
    renderWithProviders(<BlogList />);

    const cards = await screen.findAllByRole("article");
    expect(api.urls()[0]).toBe("/api/blogs");
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole("heading", { name: blogs[0]?.title })).toBeTruthy();
    expect(first.getByText("Marketing")).toBeTruthy();
    expect(cards[0]?.querySelector("img")?.getAttribute("src")).toBe("/images/blogs/ads-checklist.svg");
    const link = first.getByRole("link", { name: new RegExp(messages.readMore) });
    expect(link.getAttribute("href")).toBe("https://www.example.com/blog/five-checks");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
  });

  it("holds the place of a row of cards while the posts load, and announces the loading", async () => {
    // An answer that never comes.
    fakeApi({ "GET /api/blogs": () => new Promise<never>(() => {}) });
    const { container } = renderWithProviders(<BlogList />);

    expect(screen.getByRole("status").textContent).toContain(messages.loading);
    expect(container.querySelectorAll(".blog-card")).toHaveLength(3);
    expect(screen.queryByRole("article")).toBeNull();
  });

  it("loads the first row's images at once and the first one first", async () => {
    const many = Array.from({ length: 4 }, (_, index) => ({ ...blogs[0], _id: `b${index}` }) as Blog);
    fakeApi({ "GET /api/blogs": many });
    renderWithProviders(<BlogList />);

    const images = (await screen.findAllByRole("article")).map((card) => card.querySelector("img"));
    expect(images.map((image) => image?.getAttribute("loading"))).toEqual([
      "eager",
      "eager",
      "eager",
      "lazy",
    ]);
    expect(images.map((image) => image?.getAttribute("fetchpriority"))).toEqual(["high", null, null, null]);
  });

  it("shows the server's reason and a retry when the list cannot be loaded", async () => {
    fakeApi({ "GET /api/blogs": apiFailure(500, "internal", "Database unavailable.") });
    renderWithProviders(<BlogList />);

    expect(await screen.findByText(messages.loadFailed)).toBeTruthy();
    expect(screen.getByText("Database unavailable.")).toBeTruthy();
    expect(screen.getByRole("button", { name: messages.retry })).toBeTruthy();
  });
});
