import { describe, expect, it } from "vitest";
import { formatMoneyInput, type MoneyInputResult, parseMoneyInput } from "./money-input.js";

const usd = { currency: "usd", locale: "en-US" };
const gbp = { currency: "gbp", locale: "en-GB" };
const eur = { currency: "eur", locale: "de-DE" };
const eurFr = { currency: "eur", locale: "fr-FR" };
const chf = { currency: "chf", locale: "de-CH" };
const jpy = { currency: "jpy", locale: "ja-JP" };

const read = (text: string, money: { currency: string; locale: string }) => parseMoneyInput(text, money);
const amount = (major: number): MoneyInputResult => ({ ok: true, major });
const refused = (text: string, money: { currency: string; locale: string }) => {
  const result = read(text, money);
  return result.ok ? "read" : result.reason;
};

describe("parseMoneyInput", () => {
  it("reads twelve hundred and fifty cents as each locale writes it", () => {
    expect(read("1,200.50", usd)).toEqual(amount(1200.5));
    expect(read("1,200.50", gbp)).toEqual(amount(1200.5));
    expect(read("1.200,50", eur)).toEqual(amount(1200.5));
    expect(read("1\u202f200,50", eurFr)).toEqual(amount(1200.5));
    expect(read("1\u00a0200,50", eurFr)).toEqual(amount(1200.5));
    expect(read("1 200,50", eurFr)).toEqual(amount(1200.5));
    expect(read("1’200.50", chf)).toEqual(amount(1200.5));
    expect(read("1'200.50", chf)).toEqual(amount(1200.5));
    expect(read("1,200", jpy)).toEqual(amount(1200));
  });

  it("reads amounts typed without grouping, with a leading decimal mark, and with the shop's symbol or code", () => {
    expect(read("1200", usd)).toEqual(amount(1200));
    expect(read("1200", eur)).toEqual(amount(1200));
    expect(read(" 149,50 ", eur)).toEqual(amount(149.5));
    expect(read("149.5", usd)).toEqual(amount(149.5));
    expect(read(",5", eur)).toEqual(amount(0.5));
    expect(read("0", usd)).toEqual(amount(0));
    expect(read("1.200.000", eur)).toEqual(amount(1_200_000));
    expect(read("1,200,000.99", usd)).toEqual(amount(1_200_000.99));
    expect(read("€ 1.200,50", eur)).toEqual(amount(1200.5));
    expect(read("1.200,50 €", eur)).toEqual(amount(1200.5));
    expect(read("$1,200", usd)).toEqual(amount(1200));
    expect(read("1200 EUR", eur)).toEqual(amount(1200));
  });

  it("reads the locale's group mark before three digits as grouping, and its decimal mark as decimals", () => {
    expect(read("1.200", eur)).toEqual(amount(1200));
    expect(read("1,200", eur)).toEqual(amount(1.2));
    expect(read("1,200", usd)).toEqual(amount(1200));
    expect(read("1.200", usd)).toEqual(amount(1.2));
    expect(read("1.2", usd)).toEqual(amount(1.2));
  });

  it("reads the mark a locale does not use as decimals when it cannot be grouping", () => {
    // fr-FR groups with a space and de-CH with an apostrophe: "." and "," are then free.
    expect(read("12.50", eurFr)).toEqual(amount(12.5));
    expect(read("1 200.5", eurFr)).toEqual(amount(1200.5));
    expect(read("12,50", chf)).toEqual(amount(12.5));
    expect(read("1.200.000", eurFr)).toEqual(amount(1_200_000));
  });

  it("asks back an entry that could mean two amounts", () => {
    expect(refused("1.20", eur)).toBe("ambiguous");
    expect(refused("1.5", eur)).toBe("ambiguous");
    expect(refused("1,5", usd)).toBe("ambiguous");
    expect(refused("1,20", gbp)).toBe("ambiguous");
    expect(refused("0,500", usd)).toBe("ambiguous");
    // Written the other way round from the locale.
    expect(refused("1,200.50", eur)).toBe("ambiguous");
    expect(refused("1.200,50", usd)).toBe("ambiguous");
    // Three digits after a mark the locale does not use: a thousand or one point two.
    expect(refused("1.200", eurFr)).toBe("ambiguous");
    expect(refused("1,200", chf)).toBe("ambiguous");
  });

  it("says what is ambiguous and how to write the amount", () => {
    const result = read("1.20", eur);
    expect(result).toEqual({
      ok: false,
      reason: "ambiguous",
      message: '"1.20" could be read two ways: write amounts such as 1.234,50, with "," before the cents.',
    });
  });

  it("refuses what is no amount", () => {
    for (const text of ["", "   ", "abc", "12abc", "1.2.3", "1,,2", "12,", "1..2", "--1", "1-2", "€"]) {
      expect(refused(text, usd), text).toBe("invalid");
      expect(refused(text, eur), text).toBe("invalid");
    }
    expect(refused("1,2,3", usd)).toBe("invalid");
    expect(refused("1,2,3", eur)).toBe("invalid");
    expect(refused("1.2.3", eur)).toBe("invalid");
    expect(refused("12,34,567", usd)).toBe("invalid");
    expect(refused("1 2", usd)).toBe("invalid");
    expect(read("", usd)).toEqual({ ok: false, reason: "invalid", message: "Enter an amount." });
    expect(read("abc", eur)).toEqual({
      ok: false,
      reason: "invalid",
      message: "Enter an amount such as 1.234,50.",
    });
  });

  it("refuses a negative amount unless the field allows one", () => {
    expect(read("-5", usd)).toEqual({
      ok: false,
      reason: "invalid",
      message: "Enter an amount of zero or more.",
    });
    expect(parseMoneyInput("-1.200,50", { ...eur, allowNegative: true })).toEqual(amount(-1200.5));
    expect(parseMoneyInput("\u22125", { ...usd, allowNegative: true })).toEqual(amount(-5));
  });

  it("refuses more decimals than the currency has", () => {
    expect(read("1.234", usd)).toEqual({
      ok: false,
      reason: "too many decimals",
      message: "Amounts in USD have at most 2 decimals.",
    });
    expect(refused("1,234", eur)).toBe("too many decimals");
    expect(refused("12.345", eurFr)).toBe("ambiguous");
    expect(refused("12.3456", eurFr)).toBe("too many decimals");
    // Zeros after the cents change nothing.
    expect(read("1,200", eur)).toEqual(amount(1.2));
  });

  it("refuses decimals in a currency that has none", () => {
    expect(read("1.5", jpy)).toEqual({
      ok: false,
      reason: "too many decimals",
      message: "Amounts in JPY have no decimals.",
    });
    expect(refused("5000.50", jpy)).toBe("too many decimals");
    expect(read("5000", jpy)).toEqual(amount(5000));
    expect(refused("1,5", jpy)).toBe("ambiguous");
  });
});

describe("formatMoneyInput", () => {
  it("writes an amount as the user types it, without the symbol", () => {
    expect(formatMoneyInput(1200.5, usd)).toBe("1,200.50");
    expect(formatMoneyInput(1200.5, eur)).toBe("1.200,50");
    expect(formatMoneyInput(1200.5, eurFr)).toBe("1\u202f200,50");
    expect(formatMoneyInput(1200.5, chf)).toMatch(/^1['’]200\.50$/);
    expect(formatMoneyInput(1200, eur)).toBe("1.200,00");
    expect(formatMoneyInput(99, usd)).toBe("99.00");
    expect(formatMoneyInput(5000, jpy)).toBe("5,000");
  });

  it("writes what it reads back", () => {
    for (const money of [usd, gbp, eur, eurFr, chf, jpy]) {
      for (const major of [0, 0.5, 12, 99.99, 1200.5, 1_234_567.8]) {
        const value = money.currency === "jpy" ? Math.round(major) : major;
        expect(read(formatMoneyInput(value, money), money), `${value} in ${money.locale}`).toEqual(
          amount(value),
        );
      }
    }
  });
});
