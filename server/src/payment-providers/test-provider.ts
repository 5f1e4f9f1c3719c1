import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { type Clock, systemClock } from "../clock.js";
import type { Database } from "../db/client.js";
import { testPaymentIntents, testPaymentMethods } from "../db/schema.js";
import { AppError } from "../errors.js";
import { type PaymentProvider, type ProviderIntent, refundRefused } from "./provider.js";
import { checkTestCard, declinedMessage } from "./test-cards.js";

type Row = typeof testPaymentIntents.$inferSelect;

function toIntent(row: Row): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    orderId: row.orderId,
    invoiceId: row.salesDocumentId,
    time: row.succeededAt ?? row.createdAt,
    card: row.cardLast4 ? { brand: row.cardBrand ?? "card", last4: row.cardLast4 } : null,
    paymentMethodId: row.paymentMethodId,
  };
}

type CardInput = { number: string; expiry: string; cvc: string };

export type SavedCharge =
  | { ok: true; intent: ProviderIntent }
  | { ok: false; message: string; card: { brand: string; last4: string } | null };

export type TestProvider = PaymentProvider & {
  /** Charges a card against an intent, by Stripe's test-card rules, and saves it for renewals. */
  confirm(
    input: CardInput & { paymentIntentId: string; clientSecret: string; userId: string },
  ): Promise<ProviderIntent>;
  /** Checks a card by the same rules and saves it (the last four digits) for the customer's renewals. */
  saveCard(db: Database, userId: string, card: CardInput): Promise<string>;
  /** Charges a saved card without the customer (a renewal), inside the caller's transaction. */
  chargeSaved(
    db: Database,
    input: { paymentMethodId: string | null; orderId: string; amountCents: number; currency: string },
  ): Promise<SavedCharge>;
  card(db: Database, paymentMethodId: string): Promise<{ brand: string; last4: string } | null>;
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

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

/** A new intent with its id and secret, as Stripe creates them. */
async function insertIntent(
  db: Database,
  values: Omit<typeof testPaymentIntents.$inferInsert, "id" | "clientSecret">,
): Promise<Row> {
  const id = newId("pi");
  const [row] = await db
    .insert(testPaymentIntents)
    .values({ id, clientSecret: `${id}_secret_${randomBytes(16).toString("hex")}`, ...values })
    .returning();
  if (!row) throw new Error("Could not create the test payment");
  return row;
}

/** The offline provider: intents and saved cards live in the shop's database, in tables only it writes. */
export function createTestProvider(db: Database, clock: Clock = systemClock): TestProvider {
  async function saveCard(tx: Database, userId: string, card: CardInput): Promise<string> {
    const check = checkTestCard(card, clock.now());
    if (!check.ok) throw new AppError("unprocessable", check.message);
    const [method] = await tx
      .insert(testPaymentMethods)
      .values({
        id: newId("pm"),
        userId,
        cardBrand: cardBrand(card.number),
        cardLast4: check.last4,
        declinesLaterCharges: check.declinesLaterCharges,
      })
      .returning({ id: testPaymentMethods.id });
    if (!method) throw new Error("Could not save the test card");
    return method.id;
  }

  return {
    name: "test",
    publishableKey: null,
    async createIntent({ orderId, invoiceId, amountCents, currency }) {
      if (invoiceId) {
        // An invoice's payment page opened again asks for the same amount: its open intent serves.
        const [open] = await db
          .select()
          .from(testPaymentIntents)
          .where(
            and(
              eq(testPaymentIntents.salesDocumentId, invoiceId),
              eq(testPaymentIntents.status, "requires_payment_method"),
              eq(testPaymentIntents.amountCents, amountCents),
              eq(testPaymentIntents.currency, currency),
            ),
          )
          .limit(1);
        if (open) return toIntent(open);
      }
      return toIntent(
        await insertIntent(db, {
          orderId: orderId ?? null,
          salesDocumentId: invoiceId ?? null,
          amountCents,
          currency,
          status: "requires_payment_method",
        }),
      );
    },
    async retrieveIntent(id) {
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
      return row ? toIntent(row) : undefined;
    },
    /** Offline, a refund of a succeeded payment always goes through (nothing leaves the shop). */
    async refund({ paymentIntentId, amountCents, key }, tx) {
      const [row] = await tx
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.id, paymentIntentId));
      if (row?.status !== "succeeded" || amountCents <= 0 || amountCents > row.amountCents) {
        throw new AppError("unprocessable", refundRefused);
      }
      const digest = createHash("sha256").update(key).digest("hex").slice(0, 24);
      return { id: `re_test_${digest}`, amountCents, currency: row.currency, time: clock.now() };
    },
    async confirm({ paymentIntentId, clientSecret, userId, ...card }) {
      const [row] = await db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.id, paymentIntentId));
      if (!row || row.clientSecret !== clientSecret)
        throw new AppError("not_found", "The payment was not found.");
      if (row.status === "succeeded") return toIntent(row);
      const check = checkTestCard(card, clock.now());
      if (!check.ok) {
        await db
          .update(testPaymentIntents)
          .set({ lastError: check.message })
          .where(eq(testPaymentIntents.id, row.id));
        throw new AppError("unprocessable", check.message);
      }
      const paymentMethodId = await saveCard(db, userId, card);
      const [updated] = await db
        .update(testPaymentIntents)
        .set({
          status: "succeeded",
          cardLast4: check.last4,
          cardBrand: cardBrand(card.number),
          paymentMethodId,
          succeededAt: clock.now(),
          lastError: null,
        })
        .where(eq(testPaymentIntents.id, row.id))
        .returning();
      if (!updated) throw new Error("Could not update the test payment");
      return toIntent(updated);
    },
    saveCard,
    async chargeSaved(tx, { paymentMethodId, orderId, amountCents, currency }) {
      const [method] = paymentMethodId
        ? await tx.select().from(testPaymentMethods).where(eq(testPaymentMethods.id, paymentMethodId))
        : [];
      const card = method ? { brand: method.cardBrand, last4: method.cardLast4 } : null;
      const message = !method ? "No card is saved for this subscription." : declinedMessage;
      const succeeded = method && !method.declinesLaterCharges;
      const row = await insertIntent(tx, {
        orderId,
        amountCents,
        currency,
        status: succeeded ? "succeeded" : "requires_payment_method",
        cardBrand: card?.brand,
        cardLast4: card?.last4,
        paymentMethodId,
        succeededAt: succeeded ? clock.now() : null,
        lastError: succeeded ? null : message,
      });
      return succeeded ? { ok: true, intent: toIntent(row) } : { ok: false, message, card };
    },
    async card(tx, paymentMethodId) {
      const [method] = await tx
        .select()
        .from(testPaymentMethods)
        .where(eq(testPaymentMethods.id, paymentMethodId));
      return method ? { brand: method.cardBrand, last4: method.cardLast4 } : null;
    },
  };
}

/** A deleted account's saved test cards go with it (its payments keep only the last four digits). */
export async function forgetTestCards(db: Database, userId: string): Promise<void> {
  await db.delete(testPaymentMethods).where(eq(testPaymentMethods.userId, userId));
}
