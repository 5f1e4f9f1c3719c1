// The parser alone, from its own entry: the contract's index is in the chunk every public page
// loads, and only the dashboard's forms type amounts.
import { currencySymbol, type ShopMoney } from "@agency/contract/money";
import { parseMoneyInput } from "@agency/contract/money-input";

export { formatMoneyInput } from "@agency/contract/money-input";

import { type ReactNode, useState } from "react";
import { Form } from "react-bootstrap";
import { useShopMoney } from "../lib/site";
import { Field } from "./field";

/**
 * A typed amount for the contract's body, read in the shop's money locale ("1.200,50" in de-DE):
 * an empty box is no number at all (the schema says the amount is missing), and text that is no
 * amount is NaN (the schema refuses it; the box shows why, see `MoneyInput`).
 */
export function moneyOrUndefined(text: string, money: ShopMoney): number | undefined {
  if (text.trim() === "") return undefined;
  const parsed = parseMoneyInput(text, money);
  return parsed.ok ? parsed.major : Number.NaN;
}

/** The shop's locale with the currency of the amount (a record's own, or else the shop's). */
export function useMoneyInput(currency?: string): ShopMoney {
  const shop = useShopMoney();
  return { locale: shop.locale, currency: currency ?? shop.currency };
}

/**
 * The one box for an amount of money, typed as the shop's locale writes numbers. Its label names
 * the currency's symbol ("Price (€)"); text that is no amount, or could be two, says so under the
 * box once the user leaves it (or sends the form), in the parser's words. The value stays text:
 * the form turns it into a number with `moneyOrUndefined`.
 */
export function MoneyInput({
  id,
  label,
  value,
  onChange,
  problem,
  help,
  className,
  currency,
  size,
}: {
  id: string;
  /** A label the symbol is added to ("Price" -> "Price (€)"), or one that places the symbol itself. */
  label: string | ((symbol: string) => ReactNode);
  value: string;
  onChange: (value: string) => void;
  /** The form's problem with the amount (missing, too large, …). */
  problem?: string;
  help?: ReactNode;
  className?: string;
  /** The amount's currency when it is a record's own; the shop's by default. */
  currency?: string;
  size?: "sm" | "lg";
}) {
  const money = useMoneyInput(currency);
  const [left, setLeft] = useState(false);
  const symbol = currencySymbol(money.currency, money.locale);
  const parsed = value.trim() === "" ? undefined : parseMoneyInput(value, money);
  const typing = parsed && !parsed.ok && (left || problem) ? parsed.message : undefined;
  const shown = typing ?? problem;
  return (
    <Field
      id={id}
      className={className}
      label={typeof label === "string" ? `${label} (${symbol})` : label(symbol)}
      problem={shown}
      help={help}
    >
      <Form.Control
        inputMode="decimal"
        autoComplete="off"
        size={size}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={() => setLeft(true)}
        isInvalid={Boolean(shown)}
      />
    </Field>
  );
}
