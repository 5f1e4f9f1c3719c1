import { type CustomerSalesDocument, type PaymentIntent, printedBuyer } from "@agency/contract";
import { useState } from "react";
import { Button, Form } from "react-bootstrap";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { useSession } from "../../features/auth/api/auth";
import {
  useCustomerSalesDocument,
  useSalesAnswers,
  useSalesInvitation,
} from "../../features/sales/api/sales-link";
import { salesPdfUrl, signedSalesPdfUrl } from "../../features/sales/api/sales-pdf";
import { SalesLines } from "../../features/sales/components/sales-lines";
import { SalesPdfLink } from "../../features/sales/components/sales-pdf-link";
import { SalesStateBadge } from "../../features/sales/components/sales-state-badge";
import { SignatureNote } from "../../features/sales/components/signature-note";
import { TransferDetails } from "../../features/sales/components/transfer-details";
import { ApiError, errorMessage } from "../../lib/api";
import { formatBillingDate } from "../../lib/dates";
import { salesDetailPage, salesCustomerPage as t } from "../../lib/messages";
import { payByCard, payByTransfer, salesSigning } from "../../lib/messages/invoice-payments";
import { useMoney } from "../../lib/money";
import { loginPath } from "../../lib/redirect";
import { pageTitle, siteOf } from "../../lib/site";
import { notifyError, notifySuccess } from "../../lib/toast";
import type { Route } from "./+types/sales-document";
import { InvoiceCard } from "./invoice-card";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Your quote", siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/**
 * The page a quote's or invoice's mail links to. Its content is shown only to the account with the
 * address it was sent to; before signing in, the reader is told for which address it is and asked
 * to sign in or sign up with it, and comes back here afterwards.
 */
export default function SalesDocumentPage() {
  const { token = "" } = useParams();
  const session = useSession();
  const signedIn = Boolean(session.data);
  const document = useCustomerSalesDocument(token, signedIn);
  const notFound = document.error instanceof ApiError && document.error.status === 404;
  const invitation = useSalesInvitation(token, session.data === null || notFound);

  if (session.isPending || (signedIn && document.isPending)) return <LoadingScreen label={t.loading} />;
  if (!signedIn || notFound) {
    if (invitation.isPending) return <LoadingScreen label={t.loading} />;
    if (invitation.isError) return <Unknown />;
    return <SignInFirst {...invitation.data} signedInAs={session.data?.user.email} />;
  }
  if (document.isError || !document.data) return <LoadError message={t.notFound} query={document} />;
  return <SalesDocumentView token={token} doc={document.data} />;
}

function Unknown() {
  return (
    <div className="container py-5">
      <p className="alert alert-warning">{t.notFound}</p>
    </div>
  );
}

function SignInFirst({
  kind,
  label,
  email,
  accountExists,
  signedInAs,
}: {
  kind: CustomerSalesDocument["kind"];
  label: string;
  email: string;
  accountExists: boolean;
  signedInAs?: string;
}) {
  const { pathname } = useLocation();
  return (
    <div className="container py-5" style={{ maxWidth: 640 }}>
      <h1 className="h3 fw-bold mb-3">{t.signInHeading(kind, label)}</h1>
      {signedInAs ? <p className="alert alert-warning">{t.notFound}</p> : null}
      <p>{accountExists ? t.signIn(email) : t.signUp(email)}</p>
      <div className="d-flex gap-2">
        <Link
          className={`btn ${accountExists ? "btn-primary" : "btn-outline-primary"}`}
          to={loginPath(pathname)}
        >
          {t.signInButton}
        </Link>
        <Link
          className={`btn ${accountExists ? "btn-outline-primary" : "btn-primary"}`}
          to={`/sign-up?redirect=${encodeURIComponent(pathname)}`}
        >
          {t.signUpButton}
        </Link>
      </div>
    </div>
  );
}

function SalesDocumentView({ token, doc }: { token: string; doc: CustomerSalesDocument }) {
  const answers = useSalesAnswers(token);
  const session = useSession();
  const navigate = useNavigate();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  // The optional lines ticked so far, by their place; sent with the acceptance.
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  // The signature: a typed full name and a tick; the button says what is missing.
  const [signer, setSigner] = useState("");
  const [agree, setAgree] = useState(false);
  const [signProblem, setSignProblem] = useState<string | null>(null);
  const accept = () => {
    if (signer.trim().length < 2) return setSignProblem(salesSigning.nameMissing);
    if (!agree) return setSignProblem(salesSigning.agreeMissing);
    setSignProblem(null);
    return run(
      () =>
        answers.accept.mutateAsync({
          options: [...chosen].sort((a, b) => a - b),
          signature: { name: signer.trim(), agree: true },
        }),
      t.accepted,
    );
  };
  const toggle = (index: number) =>
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  const money = useMoney();
  const open = doc.kind === "invoice" && ["sent", "viewed", "overdue"].includes(doc.state);

  const run = async (action: () => Promise<unknown>, done?: string) => {
    try {
      await action();
      if (done) notifySuccess(done);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  // An invoice that opens no order is paid by card here; one that starts work through its order.
  const [cardIntent, setCardIntent] = useState<PaymentIntent | null>(null);
  const pay = () =>
    run(async () => {
      if (!doc.startsWork) return setCardIntent(await answers.openCard.mutateAsync());
      const { orderId } = await answers.pay.mutateAsync();
      await navigate(`/dashboard/payment/${orderId}`);
    });

  return (
    <div className="container py-5" style={{ maxWidth: 860 }}>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <h1 className="h3 fw-bold mb-0">{doc.label}</h1>
        <SalesStateBadge state={doc.state} />
      </div>
      {doc.buyer ? (
        <p className="mb-1">
          {printedBuyer(doc.buyer).map((line) => (
            <span key={line} className="d-block">
              {line}
            </span>
          ))}
        </p>
      ) : null}
      <p className="text-body-secondary">
        {doc.name ? `${doc.name} · ` : null}
        {doc.email}
        {doc.kind === "quote" && doc.validUntil
          ? ` · ${salesDetailPage.validUntil(formatBillingDate(doc.validUntil))}`
          : null}
        {doc.kind === "invoice" && doc.dueDate
          ? ` · ${salesDetailPage.due(formatBillingDate(doc.dueDate))}`
          : null}
      </p>
      <div className="card border-0 shadow-sm mb-4">
        <div className="card-body p-4">
          <SalesLines document={doc} choice={doc.canAccept ? { chosen, toggle } : undefined} />
        </div>
      </div>
      {open && doc.amountPaid > 0 ? (
        <p className="alert alert-info">
          {payByTransfer.paidSoFar(money(doc.amountPaid, doc.currency), money(doc.amountDue, doc.currency))}
        </p>
      ) : null}
      {doc.state === "expired" ? <p className="alert alert-warning">{t.expired}</p> : null}
      {doc.state === "void" ? <p className="alert alert-secondary">{t.void}</p> : null}
      {doc.state === "declined" ? <p className="alert alert-secondary">{t.declined}</p> : null}
      {doc.state === "paid" && doc.startsWork ? (
        <p className="alert alert-success">
          {t.paid} <Link to="/dashboard/my-orders">{t.myOrders}</Link>
        </p>
      ) : null}
      {doc.state === "paid" && !doc.startsWork ? (
        <p className="alert alert-success">
          {payByCard.paid} <Link to="/dashboard/payment-history">{payByCard.history}</Link>
        </p>
      ) : null}
      {doc.canAccept ? (
        <fieldset className="card border-0 shadow-sm mb-3">
          <div className="card-body p-4">
            <legend className="h5">{salesSigning.heading}</legend>
            <p className="small text-body-secondary">{salesSigning.lead}</p>
            <Form.Group controlId="signature-name" className="mb-2" style={{ maxWidth: 420 }}>
              <Form.Label>{salesSigning.name}</Form.Label>
              <Form.Control
                value={signer}
                autoComplete="name"
                maxLength={120}
                isInvalid={signProblem === salesSigning.nameMissing}
                onChange={(event) => setSigner(event.target.value)}
              />
            </Form.Group>
            <Form.Check
              id="signature-agree"
              label={salesSigning.agree}
              checked={agree}
              isInvalid={signProblem === salesSigning.agreeMissing}
              onChange={(event) => setAgree(event.target.checked)}
            />
            {signProblem ? (
              <p className="text-danger small mt-2 mb-0" role="alert">
                {signProblem}
              </p>
            ) : null}
          </div>
        </fieldset>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        <SalesPdfLink href={salesPdfUrl(token)} />
        {doc.canAccept ? (
          <Button onClick={() => void accept()} disabled={answers.accept.isPending}>
            {t.accept}
          </Button>
        ) : null}
        {doc.canPay && !(cardIntent && doc.amountDue > 0) ? (
          <Button onClick={pay} disabled={answers.pay.isPending || answers.openCard.isPending}>
            {t.pay}
          </Button>
        ) : null}
        {doc.canAccept && !declining ? (
          <Button variant="outline-danger" onClick={() => setDeclining(true)}>
            {t.decline}
          </Button>
        ) : null}
      </div>
      {doc.canAccept && declining ? (
        <Form
          className="mt-3"
          onSubmit={(event) => {
            event.preventDefault();
            void run(() => answers.decline.mutateAsync(reason.trim()), t.declined);
          }}
        >
          <Form.Group controlId="decline-reason" className="mb-2">
            <Form.Label>{t.declineReason}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Form.Group>
          <Button type="submit" variant="danger" disabled={answers.decline.isPending}>
            {t.declineConfirm}
          </Button>
        </Form>
      ) : null}
      {cardIntent && doc.canPay ? (
        <InvoiceCard token={token} doc={doc} intent={cardIntent} payer={session.data?.user} />
      ) : null}
      <SignatureNote doc={doc} signedPdfHref={signedSalesPdfUrl(token)} />
      {/* Open or accepted, it is paid by card or by a transfer the agency records. */}
      {(open || doc.state === "accepted") && doc.amountDue > 0 ? <TransferDetails doc={doc} /> : null}
    </div>
  );
}
