import type { CustomerSalesDocument, PaymentIntent } from "@agency/contract";
import { lazy, Suspense } from "react";
import { LoadingScreen } from "../../components/loading-screen";
import { TestCardForm } from "../../features/payments/components/test-card-form";
import type { CardPayer } from "../../features/payments/use-pay-flow";
import { confirmInvoiceCard, useShowSalesDocument } from "../../features/sales/api/sales-link";
import { paymentMessages } from "../../lib/messages";
import { payByCard as t } from "../../lib/messages/invoice-payments";
import { notifyFormSuccess } from "../../lib/toast";

const StripeCardForm = lazy(() => import("../../features/payments/components/stripe-card-form"));

/**
 * An invoice that opens no order, paid by card on its own page: the amount still due, charged by
 * the shop's provider; once the server has booked it, the page shows the invoice paid (or what is
 * left) and the receipt follows by e-mail.
 */
export function InvoiceCard({
  token,
  doc,
  intent,
  payer: person,
}: {
  token: string;
  doc: CustomerSalesDocument;
  intent: PaymentIntent;
  /** The signed-in reader whose card pays: its name and address go with the charge. */
  payer?: { name: string; email: string };
}) {
  const show = useShowSalesDocument(token);
  let booked: CustomerSalesDocument | undefined;
  const payer: CardPayer = {
    name: person?.name ?? doc.name,
    email: person?.email ?? doc.email,
    amount: intent.amount,
    currency: intent.currency,
    async record(transactionId) {
      booked = await confirmInvoiceCard(token, transactionId);
    },
    async paid() {
      notifyFormSuccess(paymentMessages.succeeded, "payment");
      if (booked) show(booked);
    },
  };
  return (
    <section aria-labelledby="pay-by-card" className="card border-0 shadow-sm mt-4" style={{ maxWidth: 640 }}>
      <div className="card-body p-4">
        <h2 id="pay-by-card" className="h5">
          {t.heading}
        </h2>
        <p className="text-body-secondary small">{t.lead}</p>
        {intent.provider === "stripe" ? (
          <Suspense fallback={<LoadingScreen />}>
            <StripeCardForm payer={payer} intent={intent} />
          </Suspense>
        ) : (
          <TestCardForm payer={payer} intent={intent} />
        )}
      </div>
    </section>
  );
}
