import { Button } from "react-bootstrap";
import { Link, useParams } from "react-router";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { receiptPdfUrl, useReceipt } from "../../features/receipts/api/receipts";
import { ReceiptDocument } from "../../features/receipts/components/receipt-document";
import { receiptPage as t } from "../../lib/messages";
import { pageTitle, siteOf } from "../../lib/site";
import type { Route } from "./+types/receipt";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.title, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/** A printable receipt, opened from Payment History (or by an admin from an order's payment). */
export default function ReceiptPage() {
  const { id = "" } = useParams();
  const receipt = useReceipt(id);
  if (receipt.isPending) return <LoadingScreen label={t.loading} />;
  if (receipt.isError) return <LoadError message={t.loadFailed} query={receipt} />;
  return (
    <div className="receipt-page">
      <div className="d-flex flex-wrap gap-2 mb-3 d-print-none">
        <Button type="button" onClick={() => window.print()}>
          {t.print}
        </Button>
        <a className="btn btn-outline-primary" href={receiptPdfUrl(receipt.data._id)} download>
          {t.downloadPdf}
        </a>
        <Link className="btn btn-link" to="/dashboard/payment-history">
          {t.backToHistory}
        </Link>
      </div>
      <ReceiptDocument receipt={receipt.data} />
    </div>
  );
}
