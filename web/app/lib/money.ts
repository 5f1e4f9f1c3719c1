// The contract's money module alone, not its schemas: the public pages write prices with it.
import {
  currencySymbol,
  formatMajorMoney,
  formatPlainAmount,
  type ShopMoney,
  toMinor,
} from "@agency/contract/money";
import { useShopMoney } from "./site";

/**
 * Writes an amount (major units, as the API carries it): in the currency given (a record's own:
 * an order's, a payment's, a receipt's) or else the shop's, in the shop's locale. USD written for
 * en-US reads "$99.00"; the server keeps exact minor units. An amount the server left out (a member
 * of the team whose role does not see money) is written as nothing.
 */
export type MoneyWriter = (amount: number | undefined, currency?: string) => string;

function moneyWriter(shop: ShopMoney): MoneyWriter {
  return (amount, currency = shop.currency) =>
    amount === undefined ? "" : formatMajorMoney(amount, currency, shop.locale);
}

/** The one way the pages write an amount. */
export function useMoney(): MoneyWriter {
  return moneyWriter(useShopMoney());
}

/** An amount as text in a list's cell or a sentence of JSX. */
export function Money({ amount, currency }: { amount: number | undefined; currency?: string }) {
  return useMoney()(amount, currency);
}

/**
 * The bare amount and the currency's symbol for the spec's sentence that writes the symbol after
 * the amount ("You have to pay 99.00 $"): "99.00" and "$" in dollars, "5000" and "¥" in yen.
 */
export function plainAmount(
  amount: number,
  currency: string,
  locale?: string,
): { amount: string; symbol: string } {
  return {
    amount: formatPlainAmount(toMinor(amount, currency), currency),
    symbol: currencySymbol(currency, locale),
  };
}
