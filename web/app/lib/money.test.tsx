import {
  currencyDigits,
  fitsCurrency,
  formatMajorMoney,
  formatMoney,
  formatPlainAmount,
  isKnownCurrency,
  minimumChargeMinor,
  toMajor,
  toMinor,
} from "@agency/contract/money";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders, testSiteContent } from "../test/render-with-providers";
import { Money, plainAmount } from "./money";
import { SiteProvider } from "./site";

describe("the money formatter", () => {
  it("writes dollars as the spec's pages do, and other currencies in their own way", () => {
    expect(formatMoney(9900, "usd")).toBe("$99.00");
    expect(formatMoney(9900, "USD", "en-US")).toBe("$99.00");
    expect(formatMoney(123450, "eur", "de-DE")).toBe("1.234,50\u00a0€");
    expect(formatMoney(123450, "eur", "en-IE")).toBe("€1,234.50");
    expect(formatMoney(2999, "gbp", "en-GB")).toBe("£29.99");
    expect(formatMoney(-5000, "usd")).toBe("-$50.00");
  });

  it("gives a zero-decimal currency no cents: yen are stored as they are", () => {
    expect(currencyDigits("jpy")).toBe(0);
    expect(currencyDigits("usd")).toBe(2);
    expect(formatMoney(5000, "jpy")).toBe("¥5,000");
    expect(toMajor(5000, "jpy")).toBe(5000);
    expect(toMinor(5000, "jpy")).toBe(5000);
    expect(toMajor(9900, "usd")).toBe(99);
    expect(toMinor(99.5, "usd")).toBe(9950);
    expect(formatMajorMoney(49.5, "usd")).toBe("$49.50");
    expect(formatPlainAmount(5000, "jpy")).toBe("5000");
    expect(formatPlainAmount(-7900, "usd")).toBe("-79.00");
  });

  it("knows which amounts fit a currency, and each currency's smallest card charge", () => {
    expect(fitsCurrency(99.5, "usd")).toBe(true);
    expect(fitsCurrency(99.5, "jpy")).toBe(false);
    expect(fitsCurrency(99.555, "usd")).toBe(false);
    expect(minimumChargeMinor("usd")).toBe(50);
    expect(minimumChargeMinor("EUR")).toBe(50);
    expect(minimumChargeMinor("gbp")).toBe(30);
    expect(minimumChargeMinor("jpy")).toBe(50);
    expect(minimumChargeMinor("sek")).toBe(300);
    expect(minimumChargeMinor("dkk")).toBe(250);
  });

  it("knows ISO 4217 codes in any case and nothing else", () => {
    expect(isKnownCurrency("EUR")).toBe(true);
    expect(isKnownCurrency("jpy")).toBe(true);
    expect(isKnownCurrency("EURO")).toBe(false);
    expect(isKnownCurrency("XYZ")).toBe(false);
  });

  it("writes the spec's sentence amount with the currency's digits and symbol", () => {
    expect(plainAmount(99, "usd")).toEqual({ amount: "99.00", symbol: "$" });
    expect(plainAmount(5000, "jpy")).toEqual({ amount: "5000", symbol: "¥" });
    expect(plainAmount(49.5, "eur", "de-DE")).toEqual({ amount: "49.50", symbol: "€" });
  });
});

describe("an amount on a page", () => {
  it("is written in dollars for en-US while the shop keeps its default", () => {
    renderWithProviders(<Money amount={99} />);
    expect(screen.getByText("$99.00")).toBeTruthy();
  });

  it("is written in the shop's currency and locale, or in a record's own currency", () => {
    const content = { ...testSiteContent, money: { currency: "eur", locale: "de-DE" } };
    renderWithProviders(
      <SiteProvider content={content}>
        <p>
          <Money amount={1234.5} />
        </p>
        <p>
          <Money amount={79} currency="usd" />
        </p>
      </SiteProvider>,
    );
    const [shop, record] = screen.getAllByRole("paragraph");
    expect(shop?.textContent).toBe("1.234,50\u00a0€");
    expect(record?.textContent).toBe("79,00\u00a0$");
  });
});
