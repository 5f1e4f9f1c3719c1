import type { SetupChecklist as Checklist } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setupChecklist as t } from "../../../lib/messages/workday";
import { fakeApi } from "../../../test/fake-api";
import { renderRoute } from "../../../test/render-route";
import { SetupChecklist } from "./setup-checklist";

const step = (name: Checklist["steps"][number]["step"], done = false, dismissed = false) => ({
  step: name,
  done,
  dismissed,
  detail: name === "payments" ? ("test_mode" as const) : name === "mail" ? ("outbox" as const) : null,
});

const checklist = (mailDismissed = false): Checklist => ({
  steps: [
    step("brand"),
    step("currency", true),
    step("catalog", true),
    step("payments"),
    step("mail", false, mailDismissed),
    step("team", true),
  ],
});

describe("the setup checklist", () => {
  it("lists the steps left with the way to each, and shrinks when one is set aside", async () => {
    const api = fakeApi({
      "GET /api/admin/setup": checklist(),
      "POST /api/admin/setup/dismiss": checklist(true),
    });
    renderRoute("/dashboard/admin/overview", SetupChecklist, "/dashboard/admin/overview");
    const card = await screen.findByRole("region", { name: t.heading });
    expect(within(card).getByText(t.progress(3, 6))).toBeTruthy();
    expect(within(card).getAllByRole("listitem")).toHaveLength(3);
    expect(within(card).getByRole("link", { name: t.steps.brand.action }).getAttribute("href")).toBe(
      "/dashboard/admin/site-content",
    );
    expect(within(card).getByText(t.steps.mail.text)).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: t.dismissLabel(t.steps.mail.title) }));
    await waitFor(() => expect(within(card).getAllByRole("listitem")).toHaveLength(2));
    expect(api.bodies("POST /api/admin/setup/dismiss")).toEqual([{ step: "mail" }]);
    expect(within(card).queryByText(t.steps.mail.title)).toBeNull();
  });

  it("is gone once every step is done or set aside", async () => {
    const all = checklist(true);
    const api = fakeApi({
      "GET /api/admin/setup": {
        steps: all.steps.map((entry) => ({ ...entry, dismissed: entry.dismissed || !entry.done })),
      },
    });
    renderRoute("/dashboard/admin/overview", SetupChecklist, "/dashboard/admin/overview");
    await waitFor(() => expect(api.urls()).toContain("/api/admin/setup"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region", { name: t.heading })).toBeNull();
  });
});
