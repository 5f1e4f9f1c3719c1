import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { checkoutPromo, checkoutMessages as t } from "../../lib/messages";
import { premiumMonthly } from "../../test/pricing-fixture";
import { renderRoute } from "../../test/render-route";
import { jsonResponse } from "../../test/render-with-providers";
import Checkout from "./checkout";

const session = {
  user: {
    id: "u1",
    name: "Ada",
    email: "ada@example.com",
    emailVerified: true,
    createdAt: "2026-01-01T00:00:00Z",
  },
  session: { id: "s1", expiresAt: "2026-12-01T00:00:00.000Z" },
};

type Sent = { url: string; body: unknown };

/** The server: the session, the plan (49 $), and a promo quote that accepts only SAVE10. */
function stubServer() {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ url, body });
      if (url === "/api/auth/get-session") return jsonResponse(session);
      if (url === `/api/pricing/${premiumMonthly._id}`) return jsonResponse(premiumMonthly);
      if (url === "/api/promo/quote") {
        return body.code.toUpperCase() === "SAVE10"
          ? jsonResponse({ code: "SAVE10", subtotal: 49, discount: 4.9, total: 44.1, appliesTo: "every" })
          : jsonResponse({ error: { code: "unprocessable", message: t.promoInvalid } }, 422);
      }
      if (url === "/api/order") return jsonResponse({ success: false, message: t.alreadyPurchased });
      return jsonResponse({ error: { code: "not_found", message: "Not found" } }, 404);
    }),
  );
  return sent;
}

async function openCheckout() {
  const sent = stubServer();
  renderRoute("/checkout/:_id", Checkout, `/checkout/${premiumMonthly._id}`);
  await screen.findByRole("heading", { name: t.summary });
  const summary = screen.getByRole("complementary", { name: t.summary });
  const promo = within(summary).getByRole("form", { name: t.promoLabel });
  return { sent, summary, promo };
}

const row = (summary: HTMLElement, term: string) =>
  within(summary).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

function apply(promo: HTMLElement, code: string) {
  fireEvent.change(within(promo).getByLabelText(t.promoLabel), { target: { value: code } });
  fireEvent.click(within(promo).getByRole("button", { name: t.apply }));
}

describe("the checkout's promo box", () => {
  it("asks for a code when the box is empty, without asking the server", async () => {
    const { sent, summary, promo } = await openCheckout();
    apply(promo, "   ");
    expect(await screen.findByText(t.promoEmpty)).toBeTruthy();
    expect(sent.some((call) => call.url === "/api/promo/quote")).toBe(false);
    expect(row(summary, t.discount)).toBe("$0.00");
  });

  it("calls a code the server does not accept not valid, clears the box and keeps the discount at 0 $", async () => {
    const { summary, promo } = await openCheckout();
    apply(promo, "WELCOME10");
    expect(await screen.findByText(t.promoInvalid)).toBeTruthy();
    expect((within(promo).getByLabelText(t.promoLabel) as HTMLInputElement).value).toBe("");
    expect(row(summary, t.discount)).toBe("$0.00");
    expect(row(summary, t.total)).toBe("$49.00");
  });

  it("shows a valid code's discount and total from the server, and places the order with the code", async () => {
    const { sent, summary, promo } = await openCheckout();
    apply(promo, "save10");
    expect(await within(summary).findByText(checkoutPromo.applied("SAVE10"))).toBeTruthy();
    expect(row(summary, t.subtotal)).toBe("$49.00");
    expect(row(summary, t.discount)).toBe("$4.90");
    expect(row(summary, t.total)).toBe("$44.10");
    expect(within(summary).getByText(checkoutPromo.everyRenewal)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(t.phone), { target: { value: "0123456789" } });
    fireEvent.click(screen.getByRole("button", { name: t.confirm }));
    await waitFor(() =>
      expect(sent.find((call) => call.url === "/api/order")?.body).toMatchObject({ promoCode: "SAVE10" }),
    );

    fireEvent.click(within(summary).getByRole("button", { name: checkoutPromo.remove }));
    expect(row(summary, t.discount)).toBe("$0.00");
    expect(row(summary, t.total)).toBe("$49.00");
  });
});
