/**
 * A quote's or invoice's PDF file: the customer's by the link's token, the team's by the revision's
 * id. The browser downloads it with the session cookie.
 */
export function salesPdfUrl(token: string): string {
  return `/api/sales/${encodeURIComponent(token)}/pdf`;
}

export function adminSalesPdfUrl(id: string): string {
  return `/api/admin/sales/${encodeURIComponent(id)}/pdf`;
}

/** An accepted quote's signed PDF: the quote as shown, with its signature page. */
export function signedSalesPdfUrl(token: string): string {
  return `/api/sales/${encodeURIComponent(token)}/signed-pdf`;
}

export function adminSignedSalesPdfUrl(id: string): string {
  return `/api/admin/sales/${encodeURIComponent(id)}/signed-pdf`;
}
