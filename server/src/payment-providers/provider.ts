import type { PaymentProviderName } from "@agency/contract";
import type { Database } from "../db/client.js";

export type IntentStatus =
  | "succeeded"
  | "processing"
  | "requires_action"
  | "requires_payment_method"
  | "canceled"
  | "other";

/** What the server needs to know of a payment, as the provider (not the browser) reports it. */
export type ProviderIntent = {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  /** The order it was opened for (kept in the provider's metadata). */
  orderId: string | null;
  /** The invoice revision it was opened for, when it pays one that opens no order. */
  invoiceId: string | null;
  /** When the provider says it succeeded (or was created, for unfinished ones). */
  time: Date;
  /** The card that paid, when the provider says (it goes on the receipt). */
  card?: { brand: string; last4: string } | null;
  /** The card saved for later charges (renewals), when the provider saved one. */
  paymentMethodId?: string | null;
};

/** What a payment is for: an order, or an invoice that opens none (docs/decisions/029). */
type IntentPurpose = { orderId: string; invoiceId?: undefined } | { invoiceId: string; orderId?: undefined };

export type CreateIntentInput = IntentPurpose & {
  amountCents: number;
  currency: string;
  email: string;
  /** The order's previous payment, when it was cancelled: a new one must not replay it. */
  replaces?: string;
};

/** The one interface the order service talks to; Stripe in production, the test provider offline. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** Undefined when the provider has no such payment. */
  retrieveIntent(id: string): Promise<ProviderIntent | undefined>;
  /**
   * Gives back `amountCents` of a succeeded payment (all of it or a part) to the card that paid.
   * `key` makes a repeated call (a retry after a lost answer) refund once. It is asked inside the
   * transaction `tx` that locks the payment and writes the refund: the offline provider reads its
   * own records there (the embedded database runs one transaction at a time).
   */
  refund(input: RefundInput, tx: Database): Promise<ProviderRefund>;
}

export type RefundInput = { paymentIntentId: string; amountCents: number; key: string };
/** The provider's refund: its id becomes the negative payment's transaction. */
export type ProviderRefund = { id: string; amountCents: number; currency: string; time: Date };

/** What a provider's refusal of a refund says (the provider's own reason may follow). */
export const refundRefused = "The payment provider cannot refund this payment.";

/** What the provider is told of a customer's change (Stripe Billing); nothing for the offline provider. */
export type BillingSync = {
  setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void>;
  cancelNow(providerSubscriptionId: string): Promise<void>;
};
