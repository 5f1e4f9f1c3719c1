import type { ShopMoney } from "@agency/contract";
import { moneyInputMessages } from "@agency/contract/money-input";
import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { SiteProvider } from "../lib/site";
import { renderWithProviders, testSiteContent } from "../test/render-with-providers";
import { MoneyInput, moneyOrUndefined, useMoneyInput } from "./money-input";

/** A money box and what the form would send from it, as the shop's money reads it. */
function Box({ problem }: { problem?: string }) {
  const [value, setValue] = useState("");
  const money = useMoneyInput();
  return (
    <>
      <MoneyInput id="price" label="Price" value={value} onChange={setValue} problem={problem} />
      <output aria-label="sent">{String(moneyOrUndefined(value, money))}</output>
    </>
  );
}

function renderIn(money: ShopMoney, problem?: string) {
  renderWithProviders(
    <SiteProvider content={{ ...testSiteContent, money }}>
      <Box problem={problem} />
    </SiteProvider>,
  );
}

const typeIn = (label: string, value: string) => {
  const box = screen.getByLabelText(label);
  fireEvent.change(box, { target: { value } });
  fireEvent.blur(box);
};
const sent = () => screen.getByLabelText("sent").textContent;

describe("the money box", () => {
  it("in an en-US shop in dollars, reads 1,200.50 and 1200, and names the dollar in its label", () => {
    renderIn({ currency: "usd", locale: "en-US" });
    typeIn("Price ($)", "1,200.50");
    expect(sent()).toBe("1200.5");
    typeIn("Price ($)", "1200");
    expect(sent()).toBe("1200");
    expect(screen.queryByText(/could be read two ways/)).toBeNull();
  });

  it("in a de-DE shop in euros, reads 1.200,50, 1.200 and 149,50, and names the euro in its label", () => {
    renderIn({ currency: "eur", locale: "de-DE" });
    typeIn("Price (€)", "1.200,50");
    expect(sent()).toBe("1200.5");
    typeIn("Price (€)", "1.200");
    expect(sent()).toBe("1200");
    typeIn("Price (€)", "149,50");
    expect(sent()).toBe("149.5");
    expect(screen.getByLabelText("Price (€)").classList.contains("is-invalid")).toBe(false);
  });

  it("asks back an amount that could be read two ways once the user leaves the box", () => {
    renderIn({ currency: "eur", locale: "de-DE" });
    const box = screen.getByLabelText("Price (€)");
    fireEvent.change(box, { target: { value: "1.20" } });
    // Not while typing: "1.2" is on its way to "1.200".
    expect(screen.queryByText(/could be read two ways/)).toBeNull();
    fireEvent.blur(box);
    expect(screen.getByText(moneyInputMessages.ambiguous("1.20", "1.234,50", ","))).toBeTruthy();
    expect(box.classList.contains("is-invalid")).toBe(true);
    expect(sent()).toBe("NaN");
  });

  it("says what is wrong with text that is no amount, in the shop's way of writing one", () => {
    renderIn({ currency: "usd", locale: "en-US" });
    typeIn("Price ($)", "12.345");
    expect(screen.getByText(moneyInputMessages.decimals("USD", 2))).toBeTruthy();
    typeIn("Price ($)", "abc");
    expect(screen.getByText(moneyInputMessages.invalid("1,234.50"))).toBeTruthy();
    typeIn("Price ($)", "");
    expect(sent()).toBe("undefined");
  });

  it("shows the form's problem with an amount it reads", () => {
    renderIn({ currency: "eur", locale: "de-DE" }, "Price must be at least 1 €");
    typeIn("Price (€)", "0,50");
    expect(screen.getByText("Price must be at least 1 €")).toBeTruthy();
  });
});
