import { formatMajorMoney } from "@agency/contract/money";
import { describe, it } from "vitest";
import { expectAccessible } from "./support/axe";
import { screenshot, useBrowser } from "./support/browser";
import { expectOnBoard, quoteLandingPage, takePaidQuote } from "./support/sales";

const browser = useBrowser();

const looks = {
  form: ["new quote", "quote-form"],
  sent: [null, "quote-sent"],
  list: ["quotes and invoices", "quotes-list"],
  customer: ["quote page", "quote-for-the-customer"],
} as const;

describe("a quote for custom work", () => {
  it("is written by the owner, accepted and paid by a new customer, and lands on the work board", async () => {
    const { page } = browser;
    const { quoteId } = await quoteLandingPage(browser, {
      price: 1200,
      money: (amount) => formatMajorMoney(amount, "usd"),
      symbol: "$",
      look: async (at, step) => {
        const [name, shot] = looks[step];
        if (name) await expectAccessible(at, name);
        await screenshot(at, shot);
      },
    });

    // The owner finds the paid quote's order on the work board.
    const order = await takePaidQuote(browser, quoteId);
    await expectOnBoard(page, order.number);
    await screenshot(page, "quote-order-on-the-board");
  });
});
