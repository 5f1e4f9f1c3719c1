import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { briefTexts, periodTexts } from "../../../lib/messages";
import { fakeApi } from "../../../test/fake-api";
import { renderWithProviders } from "../../../test/render-with-providers";
import { paidOrder, questions } from "../test/order-fixture";
import { BriefSection } from "./brief-section";
import { OrderHistory } from "./history";

const answers = [
  { questionId: "q-website", label: "Your website", value: "https://ada.example" },
  { questionId: "q-goals", label: "Your goals", value: "More leads" },
];

const file = (name: string) => ({
  _id: crypto.randomUUID(),
  name,
  size: 10,
  contentType: "text/plain",
  createdAt: "2026-11-25T10:00:00.000Z",
  url: `/api/files/${name}`,
});

/** An order in its second period: the first one delivered and approved, the brief carried over. */
const renewed = paidOrder({
  period: { number: 2, startedAt: "2026-12-23T10:00:00.000Z" },
  periods: [
    { number: 1, startedAt: "2026-11-23T10:00:00.000Z" },
    { number: 2, startedAt: "2026-12-23T10:00:00.000Z" },
  ],
  history: [
    {
      from: null,
      state: "submitted",
      at: "2026-11-23T10:00:00.000Z",
      by: { name: "Ada", role: "customer" },
      note: null,
      files: [],
      period: 1,
    },
    {
      from: "in_progress",
      state: "delivered",
      at: "2026-11-25T10:00:00.000Z",
      by: { name: "Grace", role: "admin" },
      note: "November's work",
      files: [file("november.pdf")],
      period: 1,
    },
    {
      from: "complete",
      state: "submitted",
      at: "2026-12-23T10:00:01.000Z",
      by: { name: "Ada", role: "customer" },
      note: "Renewed: period 2 opened",
      files: [],
      period: 2,
    },
  ],
  brief: {
    questions,
    answers,
    submittedAt: "2026-11-23T11:00:00.000Z",
    carriedOver: true,
    confirmedAt: null,
  },
});

describe("an order's work periods", () => {
  it("shows each period's changes and deliveries under its own heading, the newest first", () => {
    fakeApi();
    renderWithProviders(<OrderHistory order={renewed} />);
    const headings = screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      `${periodTexts.name(2)} · ${periodTexts.since("Dec 23, 2026")}`,
      `${periodTexts.name(1)} · ${periodTexts.since("Nov 23, 2026")}`,
    ]);
    const first = screen.getByRole("region", { name: /^Period 1/ });
    expect(within(first).getByText("november.pdf")).toBeTruthy();
    const second = screen.getByRole("region", { name: /^Period 2/ });
    expect(within(second).queryByText("november.pdf")).toBeNull();
    expect(within(second).getByText("Renewed: period 2 opened")).toBeTruthy();
  });

  it("keeps a first period's history as it always was, without period headings", () => {
    fakeApi();
    renderWithProviders(<OrderHistory order={paidOrder()} />);
    expect(screen.queryByRole("heading", { level: 3 })).toBeNull();
  });

  it("asks the customer to confirm the carried-over brief, and confirms it as it is", async () => {
    const api = fakeApi({
      "POST /api/order/:id/brief/confirm": {
        ...renewed,
        brief: renewed.brief && { ...renewed.brief, confirmedAt: "2026-12-24T09:00:00.000Z" },
      },
    });
    renderWithProviders(<BriefSection order={renewed} audience="customer" />);
    expect(screen.getByText(briefTexts.carriedOver(2))).toBeTruthy();
    expect(screen.getByText("More leads")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: briefTexts.confirm }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toMatchObject({ method: "POST" });
    expect(api.calls[0]?.url).toContain(`/api/order/${renewed._id}/brief/confirm`);
  });

  it("lets the customer change the carried-over answers instead", () => {
    fakeApi();
    renderWithProviders(<BriefSection order={renewed} audience="customer" />);
    fireEvent.click(screen.getByRole("button", { name: briefTexts.edit }));
    expect((screen.getByLabelText(/^Your goals/) as HTMLTextAreaElement).value).toBe("More leads");
  });

  it("tells the agency the carried-over brief is not confirmed yet", () => {
    fakeApi();
    renderWithProviders(<BriefSection order={renewed} audience="admin" />);
    expect(screen.getByText(briefTexts.notConfirmed)).toBeTruthy();
    expect(screen.queryByRole("button", { name: briefTexts.confirm })).toBeNull();
  });
});
