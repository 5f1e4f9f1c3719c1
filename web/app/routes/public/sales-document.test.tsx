import type { CustomerSalesDocument } from "@agency/contract";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { salesCustomerPage as t } from "../../lib/messages";
import { stubScreenWidth } from "../../test/browser-apis";
import { fakeApi } from "../../test/fake-api";
import { renderRoute } from "../../test/render-route";
import { sentQuote } from "../../test/sales-fixture";
import SalesDocumentPage from "./sales-document";

const token = "tok_abcdefghijklmnopqrstuvwxyz";

const quote = { ...sentQuote, terms: null, canAccept: true, canPay: false } as CustomerSalesDocument;

function openQuote() {
  fakeApi({
    "GET /api/auth/get-session": {
      user: {
        id: "u1",
        name: "Ada Lovelace",
        email: "ada@example.com",
        emailVerified: true,
        role: "customer",
        createdAt: "2026-01-01T00:00:00.000Z",
      },
      session: { id: "session-1", expiresAt: "2030-01-01T00:00:00.000Z" },
    },
    "GET /api/sales/:token": quote,
  });
  return renderRoute("/quotes/:token", SalesDocumentPage, `/quotes/${token}`);
}

afterEach(() => vi.unstubAllGlobals());

describe("the client's quote page", () => {
  it("offers the quote as a PDF to download", async () => {
    openQuote();
    const link = await screen.findByRole("link", { name: t.downloadPdf });
    expect(link.getAttribute("href")).toBe(`/api/sales/${token}/pdf`);
    expect(link.hasAttribute("download")).toBe(true);
  });

  it("on a 390 px phone shows each line as a card with its amounts, and the total beneath", async () => {
    stubScreenWidth(390);
    openQuote();
    const lines = await screen.findByRole("list", { name: t.lines });
    expect(screen.queryByRole("table")).toBeNull();
    const cards = within(lines).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    expect(within(cards[1] as HTMLElement).getByText("$300.00")).toBeTruthy();
    expect(
      within(cards[1] as HTMLElement).getByText(`· ${t.recurs("monthly")}`, { exact: false }),
    ).toBeTruthy();
    expect(screen.getByTestId("sales-document-total").textContent).toBe("$1,500.00");
  });
});
