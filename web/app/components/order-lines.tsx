import type { OrderLine } from "@agency/contract";
import { orderLineTexts as t } from "../lib/messages";
import { useMoney } from "../lib/money";

/** A line as the table shows it: an order's (with its kind and billing) or a receipt's. */
export type ShownLine = Pick<OrderLine, "description" | "quantity" | "amount"> &
  Partial<Pick<OrderLine, "kind" | "recurring">>;

/** How often an add-on line is charged: "once" or "every month". */
export function lineBilling(line: ShownLine, duration: string): string | null {
  if (line.kind !== "addon") return null;
  return line.recurring ? t.every(duration) : t.once;
}

/**
 * What an order is made of, line by line, each at its own amount, then a promo code's discount on
 * their sum and the total (the order, the payment page, the checkout's summary).
 */
export function OrderLines({
  lines,
  duration,
  discount = 0,
  promoCode,
  total,
  currency,
  className = "table table-sm mb-0",
}: {
  lines: readonly ShownLine[];
  /** The plan's billing ("monthly" or "yearly"), for add-ons charged every period. */
  duration: string;
  discount?: number;
  promoCode?: string | null;
  /** Left out with the lines' amounts for a member of the team whose role does not see money. */
  total: number | undefined;
  /** The order's currency, which its lines are in. */
  currency: string;
  className?: string;
}) {
  const shopMoney = useMoney();
  const money = (amount: number | undefined) => shopMoney(amount, currency);
  return (
    <table className={className} data-order-lines="">
      <caption className="visually-hidden">{t.caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="fw-normal text-body-secondary">
            {t.item}
          </th>
          <th scope="col" className="fw-normal text-body-secondary text-end">
            {t.amount}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => {
          const billing = lineBilling(line, duration);
          return (
            // Lines are written once and never reordered: their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={index}>
              <td>
                {line.quantity === 1 ? line.description : t.quantity(line.quantity, line.description)}
                {billing ? <span className="d-block small text-body-secondary">{billing}</span> : null}
              </td>
              <td className="text-end text-nowrap">{money(line.amount)}</td>
            </tr>
          );
        })}
        {discount > 0 ? (
          <tr>
            <td>{t.discount(promoCode)}</td>
            <td className="text-end text-nowrap">{money(-discount)}</td>
          </tr>
        ) : null}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t.total}</th>
          <td className="text-end fw-bold text-nowrap">{money(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
