import { describe, expect, it } from "vitest";
import { checkTestCard } from "./test-cards.js";

const now = new Date("2026-11-25T12:00:00Z");
const card = (expiry: string) => checkTestCard({ number: "4242 4242 4242 4242", expiry, cvc: "123" }, now);

describe("the test provider's card expiry", () => {
  it.each(["12 / 30", "12/30", "1230", "12 / 2030", "122030", "1/30"])("accepts %j", (expiry) => {
    expect(card(expiry)).toMatchObject({ ok: true, last4: "4242" });
  });

  it.each(["13/30", "0030", "12/3", "123", "12-30"])("calls %j invalid", (expiry) => {
    expect(card(expiry)).toEqual({ ok: false, message: "Your card's expiration date is invalid." });
  });

  it("calls a past month expired, and the current month still good", () => {
    expect(card("10/26")).toEqual({ ok: false, message: "Your card has expired." });
    expect(card("1126")).toMatchObject({ ok: true });
  });
});
