import type { JobEntry, JobList } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jobsPage as t } from "../../lib/messages";
import { stubScreenWidth } from "../../test/browser-apis";
import { apiFailure, type FakeApi, fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import Jobs from "./jobs";

/** A job as the server lists it; a single mail is labelled with its subject. */
function job(overrides: Partial<JobEntry>): JobEntry {
  const subject =
    overrides.subject === undefined ? "Order #1001 received: Premium (monthly)" : overrides.subject;
  return {
    _id: crypto.randomUUID(),
    kind: "mail.send",
    label: subject ?? "E-mail",
    status: "done",
    retrying: false,
    to: "ada@example.com",
    subject: "Order #1001 received: Premium (monthly)",
    attempts: 1,
    maxAttempts: 5,
    lastError: null,
    runAt: "2026-03-04T10:00:00.000Z",
    createdAt: "2026-03-04T10:00:00.000Z",
    finishedAt: "2026-03-04T10:00:01.000Z",
    ...overrides,
  };
}

const sent = job({ subject: "Your receipt R-2026-00001 for order #1001" });
const dead = job({
  status: "dead",
  subject: "Payment received for order #1002: $99.00",
  attempts: 5,
  lastError: "connect ECONNREFUSED 127.0.0.1:25",
  finishedAt: "2026-03-04T11:00:00.000Z",
});
const retrying = job({
  status: "queued",
  retrying: true,
  subject: "New order #1003: Standard (monthly)",
  attempts: 2,
  lastError: "Greeting never received",
  finishedAt: null,
});
const update = job({
  kind: "mail.order-state",
  label: "Order update mail for order #1004",
  to: "ann@example.com",
  subject: null,
});
const counts = { queued: 1, running: 0, done: 2, dead: 1, retrying: 1 };

/** A server with these jobs: answers any list call with them and a total of `total`. */
function stubServer(list: JobList) {
  stubScreenWidth(1280);
  return fakeApi({
    "GET /api/admin/jobs": list,
    "POST /api/admin/jobs/:id/retry": { ...dead, status: "queued", attempts: 0 },
  });
}

const listCalls = (api: FakeApi) => api.urls("GET");

describe("the mail & jobs page", () => {
  it("lists the jobs with their status, counts, recipient, attempts and last error", async () => {
    stubServer({ jobs: [sent, dead, retrying, update], total: 4, counts });
    renderWithProviders(<Jobs />);

    const deadRow = (await screen.findByText(dead.label)).closest("tr") as HTMLElement;
    expect(within(deadRow).getByText(t.statuses.dead)).toBeTruthy();
    expect(within(deadRow).getByText(t.attemptsOf(5, 5))).toBeTruthy();
    expect(within(deadRow).getByText("connect ECONNREFUSED 127.0.0.1:25")).toBeTruthy();
    expect(within(deadRow).getByText("ada@example.com")).toBeTruthy();
    const retryingRow = screen.getByText(retrying.label).closest("tr") as HTMLElement;
    expect(within(retryingRow).getByText(t.statuses.retrying)).toBeTruthy();
    // A job that fans out into mails reads as what it is and whom it is for, not as its kind.
    const updateRow = screen.getByText("Order update mail for order #1004").closest("tr") as HTMLElement;
    expect(within(updateRow).getByText("ann@example.com")).toBeTruthy();
    expect(screen.queryByText("mail.order-state")).toBeNull();

    expect(screen.getByRole("button", { name: t.withCount(t.all, 4) }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(screen.getByRole("button", { name: t.withCount(t.statuses.dead, 1) })).toBeTruthy();
    expect(screen.getByRole("button", { name: t.withCount(t.statuses.done, 2) })).toBeTruthy();

    // Only jobs that failed can be retried.
    expect(
      screen.getAllByRole("button", { name: /^Retry / }).map((button) => button.getAttribute("aria-label")),
    ).toEqual([t.retryFor(dead.label), t.retryFor(retrying.label)]);
  });

  it("asks the server for one status when a filter is pressed, from the first page", async () => {
    const api = stubServer({ jobs: [dead], total: 1, counts });
    renderWithProviders(<Jobs />);
    await screen.findByText(dead.label);

    fireEvent.click(screen.getByRole("button", { name: t.withCount(t.statuses.dead, 1) }));
    await waitFor(() => expect(listCalls(api)).toContain("/api/admin/jobs?page=0&size=20&status=dead"));
    expect(
      screen.getByRole("button", { name: t.withCount(t.statuses.dead, 1) }).getAttribute("aria-pressed"),
    ).toBe("true");
  });

  it("retries a failed job, says so and loads the list again", async () => {
    const api = stubServer({ jobs: [sent, dead], total: 2, counts });
    renderWithProviders(<Jobs />);

    fireEvent.click(await screen.findByRole("button", { name: t.retryFor(dead.label) }));

    expect(await screen.findByText(t.retried)).toBeTruthy();
    expect(api.urls("POST")).toEqual([`/api/admin/jobs/${dead._id}/retry`]);
    await waitFor(() => expect(listCalls(api)).toHaveLength(2));
  });

  it("shows the server's reason when a retry is refused", async () => {
    const api = stubServer({ jobs: [dead], total: 1, counts });
    api.answer("POST /api/admin/jobs/:id/retry", apiFailure(404, "not_found", "The job was not found."));
    renderWithProviders(<Jobs />);

    fireEvent.click(await screen.findByRole("button", { name: t.retryFor(dead.label) }));
    expect(await screen.findByText("The job was not found.")).toBeTruthy();
  });

  it("pages through a long list", async () => {
    const api = stubServer({ jobs: [sent], total: 45, counts: { ...counts, done: 45 } });
    renderWithProviders(<Jobs />);

    expect(await screen.findByText(t.page(1, 3))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: t.next }));
    expect(await screen.findByText(t.page(2, 3))).toBeTruthy();
    expect(listCalls(api)).toContain("/api/admin/jobs?page=1&size=20");
  });
});
