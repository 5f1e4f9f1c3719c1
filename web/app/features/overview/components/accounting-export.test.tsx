import { accountingMessages as t } from "@agency/contract";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AccountingExport, lastMonth } from "./accounting-export";

describe("the accounting export", () => {
  it("offers last month for Xero and QuickBooks in one click, and another month once picked", () => {
    render(<AccountingExport now={new Date("2026-01-15T10:00:00Z")} />);
    const month = screen.getByLabelText(t.month) as HTMLInputElement;
    expect(month.value).toBe("2025-12");
    const xero = screen.getByRole("link", { name: t.download(t.xero) });
    const quickbooks = screen.getByRole("link", { name: t.download(t.quickbooks) });
    expect(xero.getAttribute("href")).toBe("/api/admin/exports/accounting?month=2025-12&format=xero");
    expect(quickbooks.getAttribute("href")).toBe(
      "/api/admin/exports/accounting?month=2025-12&format=quickbooks",
    );
    expect(xero.hasAttribute("download")).toBe(true);

    fireEvent.change(month, { target: { value: "2025-10" } });
    expect(screen.getByRole("link", { name: t.download(t.xero) }).getAttribute("href")).toBe(
      "/api/admin/exports/accounting?month=2025-10&format=xero",
    );
  });

  it("counts last month in UTC, across the turn of the year", () => {
    expect(lastMonth(new Date("2026-03-01T00:30:00Z"))).toBe("2026-02");
    expect(lastMonth(new Date("2026-01-01T00:00:00Z"))).toBe("2025-12");
  });
});
