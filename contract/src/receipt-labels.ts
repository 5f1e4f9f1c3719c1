/**
 * What receipts and credit notes are called, for the server's PDFs, mails and exports and the web's
 * pages alike. A file of its own, so the pages every visitor loads take these words without the
 * contract's schemas.
 */
export const receiptMessages = {
  title: (kind: "receipt" | "credit_note") => (kind === "credit_note" ? "Credit note" : "Receipt"),
  /** "Credit note CN-2026-0001", "Receipt R-2026-00042" */
  named: (kind: "receipt" | "credit_note", number: string) => `${receiptMessages.title(kind)} ${number}`,
  credits: "Credits receipt",
  /** "Credits receipt R-2026-00042" */
  creditsReceipt: (number: string) => `Credits receipt ${number}`,
};
