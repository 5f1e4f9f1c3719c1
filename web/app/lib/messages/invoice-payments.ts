// The invoice page's payments: what was received (card or recorded) and given back, and the forms
// that record money received outside the card and its refunds. Kept out of the messages index:
// only the dashboard's invoice page needs them.

export const invoicePaymentsPanel = {
  heading: "Payments",
  failed: "We couldn't load the invoice's payments.",
  none: "Nothing has been paid yet.",
  paid: (amount: string) => `Paid: ${amount}`,
  due: (amount: string) => `Due: ${amount}`,
  columns: {
    date: "Date",
    method: "Method",
    amount: "Amount",
    reference: "Reference",
    receipt: "Receipt",
    actions: "Actions",
  },
  card: "Card",
  refundOf: (reason: string) => `Refund: ${reason}`,
  recordedBy: (name: string) => `Recorded by ${name}`,
  refund: "Refund",
  record: {
    heading: "Record a payment",
    lead: "Money received outside the card: a bank transfer, cash or other. It issues a receipt.",
    date: "Received on",
    amount: "Amount",
    method: "Method",
    reference: "Reference",
    referenceHelp: "The bank's reference or a note, printed on the receipt.",
    submit: "Record the payment",
    done: (amount: string) => `${amount} recorded.`,
  },
  refundForm: {
    heading: (amount: string) => `Refund of the ${amount} payment`,
    date: "Given back on",
    amount: "Amount",
    reason: "Reason",
    submit: "Record the refund",
    cancel: "Cancel",
    help: (amount: string) => `At most ${amount}. It issues a credit note.`,
    done: (amount: string) => `Refund of ${amount} recorded.`,
  },
} as const;

export const invoicingSettingsForm = {
  heading: "Invoice terms and bank details",
  lead: "New invoices are due this many days after they are written, and print the bank account a client pays into by transfer.",
  paymentTermsDays: "Payment terms (days)",
  accountName: "Account holder",
  bankName: "Bank",
  iban: "IBAN",
  bic: "BIC",
  accountNumber: "Account number",
  sortCode: "Sort code",
  bankHeading: "Bank account: an IBAN (with its BIC), or an account number and sort code",
  save: "Save terms and bank details",
  saved: "Terms and bank details saved.",
  failed: "We couldn't load the invoice terms.",
} as const;

/** The draft form's link to an existing order and whether paying opens one (docs/decisions/029). */
export const salesWork = {
  invoiceThisOrder: "Invoice this order",
  forOrder: (number: string) => `For order ${number}: work already done.`,
  dropOrder: "Not for this order",
  startsWork: "Paying it starts work",
  startsWorkHelp:
    "Paying opens an order with a brief and a card on the board. Leave it off for work already done.",
} as const;

/** The client's invoice page: paying by bank transfer instead of the card. */
export const payByTransfer = {
  heading: "Pay by bank transfer",
  lead: (amount: string) =>
    `Transfer ${amount} to the account below, with the reference, so we can match it.`,
  amount: "Amount due",
  reference: "Reference",
  accountName: "Account holder",
  bankName: "Bank",
  iban: "IBAN",
  bic: "BIC",
  accountNumber: "Account number",
  sortCode: "Sort code",
  terms: (days: number) => (days === 0 ? "Due on receipt." : `Due within ${days} days.`),
  paidSoFar: (paid: string, due: string) => `Paid so far: ${paid}. Still due: ${due}.`,
  recordedLater: "We mark the invoice paid once the transfer reaches us; the receipt follows by e-mail.",
} as const;

/** An invoice that opens no order, paid by card on its own page. */
export const payByCard = {
  heading: "Pay by card",
  lead: "The card pays what is still due. The receipt follows by e-mail; no new order is opened.",
  paid: "Paid, thank you. The receipt is on its way by e-mail.",
  history: "Payment History",
} as const;

/** A quote's optional lines: offered with a tick box, chosen or not once accepted. */
export const salesOptions = {
  optional: "Optional",
  optionalHelp: "The client may tick it when accepting; it counts only if chosen.",
  choose: (description: string) => `Add ${description}`,
  offered: "optional: tick to add it",
  chosen: "optional: chosen",
  notChosen: "optional: not chosen",
} as const;

/** Accepting a quote is signing it: a typed full name and a tick. */
export const salesSigning = {
  heading: "Sign to accept",
  lead: "Type your full name and tick the box: this is your signature on the quote as shown in its PDF.",
  name: "Your full name",
  agree: "I accept this quote and its terms, and sign it electronically.",
  nameMissing: "Type your full name to sign.",
  agreeMissing: "Tick the box to sign.",
  signedBy: (name: string, when: string) => `Signed by ${name} on ${when}.`,
  fingerprint: (hash: string) => `SHA-256 of the PDF signed: ${hash}`,
  downloadSigned: "Download signed PDF",
} as const;
