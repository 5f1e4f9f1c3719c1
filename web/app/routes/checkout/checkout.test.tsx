import { phoneMessages } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  checkoutPromo,
  notFound,
  orderLineTexts,
  renewalTermsMessages,
  checkoutMessages as t,
} from "../../lib/messages";
import { apiFailure, fakeApi } from "../../test/fake-api";
import { premiumMonthly } from "../../test/pricing-fixture";
import { renderRoute } from "../../test/render-route";
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

const renewsOn = "2026-12-25T10:00:00.000Z";
const terms = (firstCharge: number, renewal: number) => ({
  firstCharge,
  currency: "usd",
  renewal: { amount: renewal, interval: "monthly" as const, firstRenewalAt: renewsOn },
});

const rush = { _id: "a-rush", name: "Rush delivery", price: 50, recurring: false };
const report = { _id: "a-report", name: "Monthly report", price: 20.5, recurring: true };
const plan = { ...premiumMonthly, addons: [rush, report] };

/**
 * The server: the session, the plan (49 $) with two add-ons and its terms, and a promo quote that
 * accepts SAVE10 (every payment) and HALF (the first payment only); with add-ons ticked, the
 * quote takes 10 % off the plan and the add-ons together.
 */
function stubServer() {
  const api = fakeApi({
    "GET /api/auth/get-session": session,
    "GET /api/pricing/:id": ({ params }) =>
      params.id === premiumMonthly._id ? plan : apiFailure(404, "not_found", "Not found"),
    "GET /api/pricing/:id/terms": ({ params, query }) => {
      if (params.id !== premiumMonthly._id) return apiFailure(404, "not_found", "Not found");
      const ticked = plan.addons.filter((addon) => query.get("addonIds")?.split(",").includes(addon._id));
      const sum = (addons: typeof ticked) => addons.reduce((total, addon) => total + addon.price, 49);
      return terms(sum(ticked), sum(ticked.filter((addon) => addon.recurring)));
    },
    "POST /api/promo/quote": ({ body }) => {
      const { code: entered, addonIds = [] } = body as { code: string; addonIds?: string[] };
      const code = entered.toUpperCase();
      if (code === "SAVE10" && addonIds.length > 0) {
        return {
          code: "SAVE10",
          subtotal: 119.5,
          currency: "usd",
          discount: 11.95,
          total: 107.55,
          appliesTo: "every",
          terms: terms(107.55, 62.55),
        };
      }
      if (code === "SAVE10") {
        return {
          code: "SAVE10",
          subtotal: 49,
          currency: "usd",
          discount: 4.9,
          total: 44.1,
          appliesTo: "every",
          terms: terms(44.1, 44.1),
        };
      }
      if (code === "HALF") {
        return {
          code: "HALF",
          subtotal: 49,
          currency: "usd",
          discount: 24.5,
          total: 24.5,
          appliesTo: "first",
          terms: terms(24.5, 49),
        };
      }
      return apiFailure(422, "unprocessable", t.promoInvalid);
    },
    "POST /api/order": { success: false, message: t.alreadyPurchased },
  });
  return api.calls;
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

/** The sentence the summary says about paying now and the renewals. */
const termsLine = async (summary: HTMLElement) => {
  await waitFor(() => expect(summary.querySelector("[data-renewal-terms]")).not.toBeNull());
  return summary.querySelector("[data-renewal-terms]")?.textContent;
};

describe("the checkout's add-ons", () => {
  it("offers the plan's add-ons with their prices, adds the ones ticked to the summary, and orders them", async () => {
    const { sent, summary, promo } = await openCheckout();
    const addons = screen.getByRole("group", { name: orderLineTexts.addons });
    const rushBox = within(addons).getByLabelText(
      orderLineTexts.addonChoice("Rush delivery", "$50.00", "once"),
    );
    const reportBox = within(addons).getByLabelText(
      orderLineTexts.addonChoice("Monthly report", "$20.50", "every month"),
    );
    fireEvent.click(reportBox);
    fireEvent.click(rushBox);
    expect(row(summary, t.subtotal)).toBe("$119.50");
    expect(row(summary, t.total)).toBe("$119.50");
    expect(within(summary).getByText("Rush delivery")).toBeTruthy();
    expect(within(summary).getByText("Monthly report")).toBeTruthy();
    // Asked again for the add-ons ticked: the plan's terms stay shown until the answer comes.
    await waitFor(() =>
      expect(summary.querySelector("[data-renewal-terms]")?.textContent).toBe(
        `$119.50 today, ${renewalTermsMessages.renews("$69.50", "monthly", "Dec 25, 2026")}.`,
      ),
    );

    apply(promo, "save10");
    expect(await within(summary).findByText(checkoutPromo.applied("SAVE10"))).toBeTruthy();
    expect(row(summary, t.discount)).toBe("$11.95");
    expect(row(summary, t.total)).toBe("$107.55");
    expect(sent.find((call) => call.url === "/api/promo/quote")?.body).toMatchObject({
      addonIds: [rush._id, report._id],
    });

    fireEvent.change(screen.getByLabelText(t.phone), { target: { value: "0123456789" } });
    fireEvent.click(screen.getByRole("button", { name: t.confirm }));
    await waitFor(() =>
      expect(sent.find((call) => call.url === "/api/order")?.body).toMatchObject({
        addonIds: [rush._id, report._id],
        promoCode: "SAVE10",
      }),
    );
  });
});

describe("the checkout's renewal terms", () => {
  it("says what is charged today and what renews when, as the server dates it", async () => {
    const { summary } = await openCheckout();
    expect(await termsLine(summary)).toBe(
      `$49.00 today, ${renewalTermsMessages.renews("$49.00", "monthly", "Dec 25, 2026")}.`,
    );
  });

  it("shows a first-payment code on today's charge and the renewal at the list price", async () => {
    const { summary, promo } = await openCheckout();
    apply(promo, "half");
    expect(await within(summary).findByText(renewalTermsMessages.firstOnly("HALF"))).toBeTruthy();
    expect(await termsLine(summary)).toBe(
      `$24.50 today, then $49.00 every month from Dec 25, 2026 until you cancel.`,
    );
  });
});

describe("the checkout's phone number", () => {
  function confirmWith(phone: string) {
    fireEvent.change(screen.getByLabelText(t.phone), { target: { value: phone } });
    fireEvent.click(screen.getByRole("button", { name: t.confirm }));
  }

  it("takes an international number with spaces and sends it in E.164", async () => {
    const { sent } = await openCheckout();
    confirmWith("+44 7700 900123");
    await waitFor(() =>
      expect(sent.find((call) => call.url === "/api/order")?.body).toMatchObject({ phone: "+447700900123" }),
    );
  });

  it("takes dashes, dots and brackets", async () => {
    const { sent } = await openCheckout();
    confirmWith("(012) 345-67.89");
    await waitFor(() =>
      expect(sent.find((call) => call.url === "/api/order")?.body).toMatchObject({ phone: "0123456789" }),
    );
  });

  it("says what is wrong with a number that is not one, and places no order", async () => {
    const { sent } = await openCheckout();
    confirmWith("call me");
    const field = screen.getByLabelText(t.phone);
    expect(await screen.findByText(`${t.phone} ${phoneMessages.invalid}.`)).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(sent.some((call) => call.url === "/api/order")).toBe(false);
  });
});

describe("an unknown plan", () => {
  it("shows the not-found page", async () => {
    stubServer();
    renderRoute("/checkout/:_id", Checkout, "/checkout/abc");
    expect(await screen.findByRole("heading", { name: notFound.heading })).toBeTruthy();
    expect(screen.getByText(notFound.oops)).toBeTruthy();
    expect(screen.queryByRole("button", { name: t.confirm })).toBeNull();
  });
});
