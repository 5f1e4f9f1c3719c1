import { salesMessages } from "@agency/contract";
import { moneyInputMessages } from "@agency/contract/money-input";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { salesForm as t } from "../../../lib/messages";
import { salesOptions, salesWork } from "../../../lib/messages/invoice-payments";
import { SalesForm } from "./sales-form";

const type = (label: string, value: string, index = 0) => {
  const field = screen.getAllByLabelText(label)[index];
  if (!field) throw new Error(`no field ${label} #${index}`);
  fireEvent.change(field, { target: { value } });
};
const save = () => fireEvent.click(screen.getByRole("button", { name: t.save }));
const total = () => screen.getByTestId("sales-total").textContent;

describe("the quote form", () => {
  it("says what is missing, under each field, and sends nothing", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<SalesForm kind="quote" onSubmit={onSubmit} />);
    save();
    expect(await screen.findByText(`${t.email}: must be an e-mail address`)).toBeTruthy();
    expect(screen.getByText(`${t.description}: is required`)).toBeTruthy();
    expect(screen.getByText(`${t.unitPrice}: is required`)).toBeTruthy();
    expect(screen.getByText(`${t.validUntil}: ${salesMessages.validUntilRequired}`)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("adds up the lines as they are typed: today's total, then what recurs", () => {
    render(<SalesForm kind="quote" onSubmit={vi.fn()} />);
    expect(total()).toBe(`${t.total}: $0.00`);
    type(t.description, "Landing page");
    type(t.unitPriceIn("$"), "1200");
    expect(total()).toBe(`${t.total}: $1,200.00`);
    fireEvent.click(screen.getByRole("button", { name: t.addLine }));
    type(t.description, "Hosting", 1);
    type(t.quantity, "2", 1);
    type(t.unitPriceIn("$"), "25.50", 1);
    fireEvent.change(screen.getAllByLabelText(t.recurring)[1] as HTMLElement, {
      target: { value: "monthly" },
    });
    expect(total()).toBe(`${t.total}: $1,251.00 then $51.00 every month`);
    fireEvent.click(screen.getByRole("button", { name: t.removeLine(0) }));
    expect(total()).toBe(`${t.total}: $51.00 then $51.00 every month`);
  });

  it("refuses monthly and yearly lines together, and prices with more than two decimals", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<SalesForm kind="quote" onSubmit={onSubmit} />);
    type(t.email, "client@example.com");
    type(t.validUntil, "2099-01-31");
    type(t.description, "Care plan");
    type(t.unitPriceIn("$"), "100");
    fireEvent.change(screen.getAllByLabelText(t.recurring)[0] as HTMLElement, {
      target: { value: "monthly" },
    });
    fireEvent.click(screen.getByRole("button", { name: t.addLine }));
    type(t.description, "Domain", 1);
    type(t.unitPriceIn("$"), "12.345", 1);
    fireEvent.change(screen.getAllByLabelText(t.recurring)[1] as HTMLElement, {
      target: { value: "yearly" },
    });
    save();
    expect(await screen.findByText(`${t.lines}: ${salesMessages.oneInterval}`)).toBeTruthy();
    expect(screen.getByText(moneyInputMessages.decimals("USD", 2))).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends the draft as the contract reads it", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<SalesForm kind="quote" onSubmit={onSubmit} />);
    type(t.email, "Client@Example.com");
    type(t.name, "Ada");
    type(t.description, "Landing page");
    type(t.unitPriceIn("$"), "1200");
    type(t.note, "Two rounds of changes.");
    type(t.validUntil, "2099-01-31");
    save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        kind: "quote",
        email: "client@example.com",
        name: "Ada",
        companyId: null,
        forOrderId: null,
        startsWork: true,
        lines: [
          { description: "Landing page", quantity: 1, unitPrice: 1200, recurring: null, optional: false },
        ],
        note: "Two rounds of changes.",
        validUntil: "2099-01-31",
        dueDate: null,
      }),
    );
  });

  it("asks an invoice for its due date instead", async () => {
    render(<SalesForm kind="invoice" onSubmit={vi.fn()} />);
    expect(screen.queryByLabelText(t.validUntil)).toBeNull();
    save();
    expect(await screen.findByText(`${t.dueDate}: ${salesMessages.dueDateRequired}`)).toBeTruthy();
  });

  it("bills an existing order without starting work, unless asked to, and can drop the order", async () => {
    const onSubmit = vi.fn(async () => {});
    render(
      <SalesForm
        kind="invoice"
        start={{ email: "ada@example.com", forOrder: { id: "order-1", number: 1042 } }}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByText(salesWork.forOrder("#1042"), { exact: false })).toBeTruthy();
    const startsWork = screen.getByLabelText(salesWork.startsWork) as HTMLInputElement;
    expect(startsWork.checked).toBe(false);
    type(t.description, "Extra landing page");
    type(t.unitPriceIn("$"), "300");
    type(t.dueDate, "2099-01-31");
    save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenLastCalledWith(
        expect.objectContaining({ email: "ada@example.com", forOrderId: "order-1", startsWork: false }),
      ),
    );
    fireEvent.click(screen.getByRole("button", { name: salesWork.dropOrder }));
    expect(startsWork.checked).toBe(true);
    save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenLastCalledWith(
        expect.objectContaining({ forOrderId: null, startsWork: true }),
      ),
    );
  });

  it("offers a quote's line as optional: left out of the total, and sent as such", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<SalesForm kind="quote" onSubmit={onSubmit} />);
    type(t.email, "client@example.com");
    type(t.validUntil, "2099-01-31");
    type(t.description, "Landing page");
    type(t.unitPriceIn("$"), "1200");
    fireEvent.click(screen.getByRole("button", { name: t.addLine }));
    type(t.description, "Extra page", 1);
    type(t.unitPriceIn("$"), "250", 1);
    expect(total()).toBe(`${t.total}: $1,450.00`);
    fireEvent.click(screen.getAllByLabelText(salesOptions.optional)[1] as HTMLElement);
    expect(total()).toBe(`${t.total}: $1,200.00`);
    save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({
          lines: [
            { description: "Landing page", quantity: 1, unitPrice: 1200, recurring: null, optional: false },
            { description: "Extra page", quantity: 1, unitPrice: 250, recurring: null, optional: true },
          ],
        }),
      ),
    );
  });

  it("has no optional lines on an invoice", () => {
    render(<SalesForm kind="invoice" onSubmit={vi.fn()} />);
    expect(screen.queryByLabelText(salesOptions.optional)).toBeNull();
  });
});
