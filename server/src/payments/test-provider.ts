import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { testPaymentIntents } from "../db/schema.js";
import { AppError } from "../errors.js";
import type { PaymentProvider, ProviderIntent } from "./provider.js";
import { checkTestCard } from "./test-cards.js";

type Row = typeof testPaymentIntents.$inferSelect;

function toIntent(row: Row): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    orderId: row.orderId,
    time: row.succeededAt ?? row.createdAt,
    card: row.cardLast4 ? { brand: row.cardBrand ?? "card", last4: row.cardLast4 } : null,
  };
}

export type TestProvider = PaymentProvider & {
  /** Charges a card against an intent, by Stripe's test-card rules. */
  confirm(input: {
    paymentIntentId: string;
    clientSecret: string;
    number: string;
    expiry: string;
    cvc: string;
  }): Promise<ProviderIntent>;
};

/** The card network, from the number's first digits, as Stripe names it. */
function cardBrand(number: string): string {
  const digits = number.replace(/\D/g, "");
  if (digits.startsWith("4")) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^6(011|5)/.test(digits)) return "discover";
  return "card";
}

/** The offline provider: intents live in the shop's database, in a table only it writes. */
export function createTestProvider(db: Database): TestProvider {
  return {
    name: "test",
    publishableKey: null,
    async createIntent({ orderId, amountCents, currency }) {
      const id = `pi_test_${randomBytes(12).toString("hex")}`;
      const [row] = await db
        .insert(testPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(16).toString("hex")}`,
          orderId,
          amountCents,
          currency,
          status: "requires_payment_method",
        })
        .returning();
      if (!row) throw new Error("Could not create the test payment");
      return toIntent(row);
    },
    async retrieveIntent(id) {
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
      return row ? toIntent(row) : undefined;
    },
    async confirm({ paymentIntentId, clientSecret, number, expiry, cvc }) {
      const [row] = await db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.id, paymentIntentId));
      if (!row || row.clientSecret !== clientSecret)
        throw new AppError("not_found", "The payment was not found.");
      if (row.status === "succeeded") return toIntent(row);
      const check = checkTestCard({ number, expiry, cvc });
      if (!check.ok) {
        await db
          .update(testPaymentIntents)
          .set({ lastError: check.message })
          .where(eq(testPaymentIntents.id, row.id));
        throw new AppError("unprocessable", check.message);
      }
      const [updated] = await db
        .update(testPaymentIntents)
        .set({
          status: "succeeded",
          cardLast4: check.last4,
          cardBrand: cardBrand(number),
          succeededAt: new Date(),
          lastError: null,
        })
        .where(eq(testPaymentIntents.id, row.id))
        .returning();
      if (!updated) throw new Error("Could not update the test payment");
      return toIntent(updated);
    },
  };
}
