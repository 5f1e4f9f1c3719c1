import type { AdminSalesDetail } from "@agency/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { salesCustomerPage } from "../../lib/messages";
import { fakeApi } from "../../test/fake-api";
import { renderRoute } from "../../test/render-route";
import { sentQuote } from "../../test/sales-fixture";
import SalesDetailPage from "./sales-detail";

const detail: AdminSalesDetail = {
  ...sentQuote,
  history: [],
  revisions: [{ _id: sentQuote._id, revision: 1, state: "viewed" }],
  hasAccount: true,
  link: "http://localhost/quotes/tok_abcdefghijklmnopqrstuvwxyz",
};

describe("the team's page of a quote", () => {
  it("offers the revision as a PDF to download", async () => {
    fakeApi({ "GET /api/admin/sales/:id": detail });
    renderRoute("/dashboard/admin/sales/:id", SalesDetailPage, `/dashboard/admin/sales/${detail._id}`);
    const link = await screen.findByRole("link", { name: salesCustomerPage.downloadPdf });
    expect(link.getAttribute("href")).toBe(`/api/admin/sales/${detail._id}/pdf`);
    expect(link.hasAttribute("download")).toBe(true);
  });
});
