import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { manageReviewsPage as t } from "../../lib/messages";
import { stubScreenWidth } from "../../test/browser-apis";
import { apiFailure, fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import ManageReviews from "./manage-reviews";

const total = 23;
const allReviews = Array.from({ length: total }, (_, index) => ({
  _id: `review-${index}`,
  name: `Reviewer ${index}`,
  email: `reviewer${index}@example.com`,
  hidden: false,
  comment: index === 0 ? `${"x".repeat(250)}` : `Comment ${index}`,
  profilePicture: null,
  createdAt: new Date(2030, 0, 1, 0, index).toISOString(),
}));

/** A server with 23 reviews that answers the count and any page, and hides or shows a review. */
function stubServer() {
  stubScreenWidth(1280);
  const reviews = allReviews.map((review) => ({ ...review }));
  return fakeApi({
    "GET /api/review-count": { count: total },
    "PATCH /api/manage-reviews/:id": ({ params, body }) => {
      const review = reviews.find((each) => each._id === params.id);
      if (!review) return apiFailure(404, "not_found", "No such review.");
      review.hidden = (body as { hidden: boolean }).hidden;
      return review;
    },
    "GET /api/manage-reviews": ({ query }) => {
      const page = Number(query.get("page"));
      const size = Number(query.get("size"));
      const q = query.get("q");
      const matching = reviews.filter((review) => !q || review.email.startsWith(q));
      return matching.slice(page * size, page * size + size);
    },
  });
}

function pageButtons() {
  const nav = screen.queryByRole("navigation", { name: t.pages });
  return nav ? within(nav).getAllByRole("button") : [];
}

describe("manage reviews (SPEC §2, §9)", () => {
  it("shows five reviews a page by default, five pages for 23 reviews, and a 200-character preview", async () => {
    const api = stubServer();
    renderWithProviders(<ManageReviews />);

    expect(await screen.findByText("Reviewer 4")).toBeTruthy();
    expect(screen.getAllByRole("row")).toHaveLength(1 + 5);
    expect(pageButtons().map((button) => button.textContent)).toEqual(["1", "2", "3", "4", "5"]);
    expect(screen.getByText(`${"x".repeat(200)}…`)).toBeTruthy();
    expect(api.urls()).toContain("/api/manage-reviews?page=0&size=5");
  });

  it.each([
    [10, 3, 3],
    [15, 2, 8],
    [20, 2, 3],
  ])("with %i a page shows that many rows, %i pages and %i on the last", async (size, pages, last) => {
    const api = stubServer();
    renderWithProviders(<ManageReviews />);
    await screen.findByText("Reviewer 0");

    const select = screen.getByLabelText(t.pageSize) as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => [option.textContent, option.value])).toEqual([
      ["5", "5"],
      ["10", "10"],
      ["15", "15"],
      ["20", "20"],
    ]);
    fireEvent.change(select, { target: { value: String(size) } });
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(1 + size));
    expect(pageButtons()).toHaveLength(pages);

    fireEvent.click(screen.getByRole("button", { name: t.page(pages) }));
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(1 + last));
    expect(api.urls()).toContain(`/api/manage-reviews?page=${pages - 1}&size=${size}`);
  });

  it("hides a review from the home page and shows it again, keeping it in the list", async () => {
    const api = stubServer();
    renderWithProviders(<ManageReviews />);
    const row = (await screen.findByText("Reviewer 1")).closest("tr") as HTMLElement;
    expect(within(row).getByText(t.shown)).toBeTruthy();

    fireEvent.click(within(row).getByRole("button", { name: t.hideLabel("Reviewer 1") }));
    expect(await screen.findByText(t.nowHidden)).toBeTruthy();
    await waitFor(() => expect(within(row).getByText(t.hidden)).toBeTruthy());
    const [patch] = api.callsTo("PATCH /api/manage-reviews/:id");
    expect(patch?.url).toBe("/api/manage-reviews/review-1");
    expect(patch?.body).toEqual({ hidden: true });

    fireEvent.click(within(row).getByRole("button", { name: t.showLabel("Reviewer 1") }));
    expect(await screen.findByText(t.nowShown)).toBeTruthy();
    await waitFor(() => expect(within(row).getByText(t.shown)).toBeTruthy());
    expect(screen.getByText("Reviewer 1")).toBeTruthy();
  });
});

// The search lives in the address: each test starts from a bare one.
afterEach(() => window.history.replaceState(null, "", "/"));

describe("manage reviews' search", () => {
  it("asks the server once typing pauses, keeps the search in the address, and says when nothing matches", async () => {
    const api = stubServer();
    renderWithProviders(<ManageReviews />);
    await screen.findByText("Reviewer 4");
    const box = screen.getByRole("searchbox", { name: t.search });
    fireEvent.change(box, { target: { value: "reviewer12" } });
    expect(await screen.findByText("Reviewer 12")).toBeTruthy();
    expect(screen.queryByText("Reviewer 4")).toBeNull();
    expect(api.urls()).toContain("/api/manage-reviews?page=0&size=5&q=reviewer12");
    expect(window.location.search).toBe("?q=reviewer12");

    fireEvent.change(box, { target: { value: "nobody" } });
    expect(await screen.findByText(t.noMatch)).toBeTruthy();
  });

  it("filters by visibility on the server", async () => {
    const api = stubServer();
    renderWithProviders(<ManageReviews />);
    await screen.findByText("Reviewer 4");
    const legend = screen.getByText(t.visibilityFilter);
    fireEvent.click(
      within(legend.closest("fieldset") as HTMLElement).getByRole("button", { name: t.hidden }),
    );
    await waitFor(() => expect(api.urls()).toContain("/api/manage-reviews?page=0&size=5&hidden=true"));
    expect(window.location.search).toBe("?hidden=true");
  });
});
