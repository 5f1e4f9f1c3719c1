import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api";
import { promoEditor as t } from "../../../lib/messages";
import { PromoCodeForm } from "./promo-code-form";

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const create = () => fireEvent.click(screen.getByRole("button", { name: t.create }));

describe("the promo code form", () => {
  it("says what is wrong with the code, the amount and the dates, and sends nothing", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<PromoCodeForm plans={[]} onSubmit={onSubmit} />);
    type(t.code, "two words");
    type(t.value, "150");
    type(t.validFrom, "2030-01-02T10:00");
    type(t.validTo, "2030-01-01T10:00");
    create();
    expect(await screen.findByText(`${t.code} may use letters, digits, - and _ only`)).toBeTruthy();
    expect(screen.getByText(`${t.value} must be a whole percentage from 1 to 100`)).toBeTruthy();
    expect(screen.getByText(`${t.validTo} must be after the start`)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends a fixed amount for every renewal, and shows the server's refusal of a taken code", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, "conflict", "Another promo code has this code already.", {
        code: "Another promo code has this code already.",
      });
    });
    render(<PromoCodeForm plans={[]} onSubmit={onSubmit} />);
    type(t.code, "SPRING");
    fireEvent.change(screen.getByLabelText(t.kind), { target: { value: "fixed" } });
    type(`${t.value} ($)`, "7.5");
    type(t.maxUses, "10");
    fireEvent.change(screen.getByLabelText(t.appliesTo), { target: { value: "every" } });
    create();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        code: "SPRING",
        kind: "fixed",
        value: 7.5,
        validFrom: null,
        validTo: null,
        maxUses: 10,
        planId: null,
        appliesTo: "every",
        disabled: false,
      }),
    );
    expect(await screen.findByText(`${t.code} Another promo code has this code already.`)).toBeTruthy();
  });
});
