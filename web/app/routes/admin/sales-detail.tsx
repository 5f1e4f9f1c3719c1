import { type AdminSalesDetail, formatOrderNumber } from "@agency/contract";
import { useState } from "react";
import { Button } from "react-bootstrap";
import { Link, useNavigate, useParams } from "react-router";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { useMemberPermissions } from "../../features/auth/api/auth";
import { ReceiptLink } from "../../features/receipts/components/receipt-link";
import { useSalesDetail, useSalesEditor } from "../../features/sales/api/sales";
import { adminSalesPdfUrl, adminSignedSalesPdfUrl } from "../../features/sales/api/sales-pdf";
import { InvoicePaymentsPanel } from "../../features/sales/components/invoice-payments";
import { SalesForm } from "../../features/sales/components/sales-form";
import { SalesHistory } from "../../features/sales/components/sales-history";
import { SalesLines } from "../../features/sales/components/sales-lines";
import { SalesPdfLink } from "../../features/sales/components/sales-pdf-link";
import { SalesStateBadge } from "../../features/sales/components/sales-state-badge";
import { SignatureNote } from "../../features/sales/components/signature-note";
import { confirmAction } from "../../lib/alerts";
import { formatBillingDate } from "../../lib/dates";
import { salesForm, salesPage, salesDetailPage as t } from "../../lib/messages";
import { salesWork } from "../../lib/messages/invoice-payments";
import { pageTitle, siteOf } from "../../lib/site";
import { saveWithToasts } from "../../lib/toast";
import type { Route } from "./+types/sales-detail";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(salesPage.heading, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

const revisable = ["sent", "viewed", "declined", "expired", "overdue"];
const voidable = [...revisable, "accepted"];

/** One quote or invoice: its content, what can be done with it now, its history and revisions. */
export default function SalesDetailPage() {
  const { id = "" } = useParams();
  const detail = useSalesDetail(id);
  if (detail.isPending) return <LoadingScreen />;
  if (detail.isError) return <LoadError message={t.failed} query={detail} />;
  return <SalesDetailView key={detail.data._id} doc={detail.data} />;
}

function SalesDetailView({ doc }: { doc: AdminSalesDetail }) {
  const editor = useSalesEditor();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const draft = doc.state === "draft";
  // Money is shown to a role that sees it, and recorded by one that may refund (the server checks both).
  const permissions = useMemberPermissions();
  const takesMoney = doc.kind === "invoice" ? !draft : doc.state === "accepted" || doc.state === "paid";
  const seesMoney = takesMoney && (permissions?.has("money.view") ?? true);

  const act = async (run: () => Promise<AdminSalesDetail>, done: string) => {
    const result = await saveWithToasts(run, done).catch(() => null);
    if (result && result._id !== doc._id) await navigate(`/dashboard/admin/sales/${result._id}`);
  };
  const ask = (text: string, destructive = false) =>
    confirmAction({ title: doc.label, text, confirmText: text.split("?")[0] ?? text, destructive });

  return (
    <section aria-labelledby="sales-detail-heading">
      <p className="mb-2">
        <Link to="/dashboard/admin/sales">{t.back}</Link>
      </p>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <h1 id="sales-detail-heading" className="h4 mb-0">
          {doc.label}
        </h1>
        <SalesStateBadge state={doc.state} />
        <span className="text-body-secondary">{salesPage.kindName[doc.kind]}</span>
      </div>
      <div className="d-flex flex-wrap gap-2 mb-3">
        {draft ? (
          <>
            <Button onClick={() => setEditing(!editing)} variant="outline-primary">
              {t.edit}
            </Button>
            <Button
              onClick={async () => {
                if (await ask(t.sendConfirm(doc.email)))
                  await act(() => editor.send.mutateAsync(doc._id), t.sent);
              }}
            >
              {t.send}
            </Button>
            <Button
              variant="outline-danger"
              onClick={async () => {
                if (!(await ask(t.deleteConfirm, true))) return;
                await saveWithToasts(() => editor.remove.mutateAsync(doc._id), t.deleted).catch(() => null);
                await navigate("/dashboard/admin/sales");
              }}
            >
              {t.delete}
            </Button>
          </>
        ) : null}
        {revisable.includes(doc.state) ? (
          <Button
            variant="outline-primary"
            onClick={() => act(() => editor.revise.mutateAsync(doc._id), t.revised)}
          >
            {t.revise}
          </Button>
        ) : null}
        <SalesPdfLink href={adminSalesPdfUrl(doc._id)} />
        {voidable.includes(doc.state) ? (
          <Button
            variant="outline-danger"
            onClick={async () => {
              if (await ask(t.voidConfirm, true)) await act(() => editor.void.mutateAsync(doc._id), t.voided);
            }}
          >
            {t.void}
          </Button>
        ) : null}
      </div>
      {editing && draft ? (
        <div className="card border-0 shadow-sm mb-4">
          <div className="card-body p-4">
            <SalesForm
              kind={doc.kind}
              editing={doc}
              onSubmit={async (body) => {
                await saveWithToasts(() => editor.update.mutateAsync({ id: doc._id, body }), salesForm.saved);
                setEditing(false);
              }}
              onCancel={() => setEditing(false)}
            />
          </div>
        </div>
      ) : null}
      <div className="row g-4">
        <div className="col-12 col-lg-8">
          <div className="card border-0 shadow-sm">
            <div className="card-body p-4">
              <p className="mb-1 fw-semibold">{doc.name || doc.email}</p>
              <p className="mb-1 text-body-secondary">{doc.email}</p>
              <p className="small mb-3">{doc.hasAccount ? t.hasAccount : t.noAccount}</p>
              <p className="mb-3">
                {doc.kind === "quote" && doc.validUntil
                  ? t.validUntil(formatBillingDate(doc.validUntil))
                  : null}
                {doc.kind === "invoice" && doc.dueDate ? t.due(formatBillingDate(doc.dueDate)) : null}
              </p>
              <SalesLines document={doc} />
              {doc.declineReason ? <p className="text-danger">{t.declineReason(doc.declineReason)}</p> : null}
              <SignatureNote doc={doc} signedPdfHref={adminSignedSalesPdfUrl(doc._id)} />
              {doc.link ? (
                <p className="small mb-0 text-break">
                  {t.link}: <a href={doc.link}>{doc.link}</a>
                </p>
              ) : null}
              {doc.orderId ? (
                <p className="small mb-0 mt-2">
                  <Link to={`/dashboard/admin/orders/${doc.orderId}`}>{t.order}</Link>
                </p>
              ) : null}
              {doc.forOrderId && doc.forOrderNumber !== null ? (
                <p className="small mb-0 mt-2">
                  <Link to={`/dashboard/admin/orders/${doc.forOrderId}`}>
                    {salesWork.forOrder(formatOrderNumber(doc.forOrderNumber))}
                  </Link>
                </p>
              ) : null}
              {seesMoney ? (
                <InvoicePaymentsPanel
                  invoice={doc}
                  canRecord={permissions?.has("orders.refund") ?? true}
                  receiptLink={(payment) => (
                    <ReceiptLink
                      payment={{
                        receiptId: payment.receiptId,
                        receiptNumber: payment.receiptNumber,
                        receiptKind: payment.amount < 0 ? "credit_note" : "receipt",
                        orderNumber: null,
                        invoiceNumber: doc.number,
                      }}
                    />
                  )}
                />
              ) : null}
            </div>
          </div>
        </div>
        <div className="col-12 col-lg-4">
          <h2 className="h6">{t.history}</h2>
          <SalesHistory entries={doc.history} />
          {doc.revisions.length > 1 ? (
            <>
              <h2 className="h6 mt-4">{t.revisions}</h2>
              <ul className="list-unstyled">
                {doc.revisions.map((revision) => (
                  <li key={revision._id}>
                    {revision._id === doc._id ? (
                      <strong>{t.revision(revision.revision)}</strong>
                    ) : (
                      <Link to={`/dashboard/admin/sales/${revision._id}`}>
                        {t.revision(revision.revision)}
                      </Link>
                    )}{" "}
                    <SalesStateBadge state={revision.state} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </div>
    </section>
  );
}
