import type { SalesDocument } from "@agency/contract";
import { formatDateTime } from "../../../lib/dates";
import { salesSigning as t } from "../../../lib/messages/invoice-payments";
import { SalesPdfLink } from "./sales-pdf-link";

/** Who signed an accepted quote and when, the fingerprint of the PDF they signed, and the signed PDF. */
export function SignatureNote({ doc, signedPdfHref }: { doc: SalesDocument; signedPdfHref: string }) {
  if (!doc.signature) return null;
  return (
    <div className="mt-3">
      <p className="mb-1">{t.signedBy(doc.signature.name, formatDateTime(doc.signature.signedAt))}</p>
      <p className="small text-body-secondary text-break">{t.fingerprint(doc.signature.pdfSha256)}</p>
      <SalesPdfLink href={signedPdfHref} label={t.downloadSigned} />
    </div>
  );
}
