// Mailed links (newsletter confirmation, unsubscribe), mail preferences, receipts and mail jobs.

import { receiptMessages } from "@agency/contract/receipt-labels";

export const newsletterConfirmation = {
  title: "Newsletter subscription",
  confirming: "Confirming your subscription…",
  confirmed: "Your subscription is confirmed",
  confirmedLead: (email: string) => `We will send the next newsletter to ${email}.`,
  failed: "We couldn't confirm your subscription",
  missingToken: "This link has no confirmation code. Open the link from the e-mail again, or sign up again.",
  backHome: "Back to home",
} as const;

export const unsubscribePage = {
  title: "Unsubscribe",
  question: (email: string) => `Stop optional mail and the newsletter for ${email}?`,
  keepsRequired: "Order confirmations, receipts and account mail still reach you.",
  submit: "Unsubscribe",
  sending: "Unsubscribing…",
  done: "You are unsubscribed",
  doneLead: (email: string) => `${email} gets no more optional mail or newsletters.`,
  changeLater: "Changed your mind? Turn them on again in your notification settings.",
  settingsLink: "Notification settings",
  failed: "We couldn't unsubscribe this address",
  incomplete: "This unsubscribe link is incomplete. Open the link from the e-mail again.",
  backHome: "Back to home",
} as const;

export const notificationsPage = {
  menu: "Notifications",
  heading: "Notifications",
  lead: (email: string) =>
    `Choose what we send to ${email}. Order confirmations, receipts and account mail always go.`,
  loading: "Loading your notification settings…",
  loadFailed: "We couldn't load your notification settings.",
  retry: "Try again",
  optionalMail: "Updates and reminders",
  optionalMailHint: "Notices about your orders' progress, messages and renewal reminders.",
  newsletter: "Newsletter",
  newsletterHint: "One e-mail a month with marketing ideas you can use the same day.",
  teamHeading: "Your work",
  teamLead: "Mails about the orders you work on (they go while Updates and reminders is on).",
  orderMessages: "New messages on my orders",
  orderMessagesHint:
    "A customer wrote on an order assigned to you (owners and admins: on an order nobody is assigned to).",
  orderAssigned: "Orders assigned to me",
  orderAssignedHint: "Someone on the team gave you an order to work on.",
  pending: (email: string) =>
    `Check your inbox: open the link we mailed to ${email} to confirm your newsletter subscription.`,
  save: "Save",
  saving: "Saving…",
  saved: "Your notification settings are saved.",
} as const;

export const receiptPage = {
  title: "Receipt",
  link: "Receipt",
  linkFor: (orderNumber: string) => `Receipt for order ${orderNumber}`,
  loading: "Loading the receipt…",
  loadFailed: "We couldn't load this receipt.",
  retry: "Try again",
  number: "Receipt number",
  issued: "Issued",
  taxId: "Tax id",
  billedTo: "Billed to",
  description: "Description",
  amount: "Amount",
  forOrder: (orderNumber: string) => `Order ${orderNumber}`,
  discount: (code: string | null) => (code ? `Discount (code ${code})` : "Discount"),
  taxIncluded: (percent: number) => `Tax included (${percent}%)`,
  total: (currency: string) => `Total paid (${currency.toUpperCase()})`,
  /** A refund's receipt is a credit note: what was given back, where to, when and why. */
  creditNoteTitle: "Credit note",
  creditNoteNumber: "Credit note number",
  creditNoteLinkFor: (orderNumber: string) => `Credit note for order ${orderNumber}`,
  /** "Credit note CN-2026-0001", "Receipt R-2026-00042": how a payment's document is linked. */
  named: receiptMessages.named,
  /** "Credits receipt R-2026-00042": the receipt a credit note gives money back of. */
  credits: receiptMessages.creditsReceipt,
  totalRefunded: (currency: string) => `Total refunded (${currency.toUpperCase()})`,
  refundedTo: "Refunded to",
  refundedOn: "Refunded on",
  reason: "Reason",
  payment: "Payment",
  paidWith: "Paid with",
  card: (brand: string, last4: string) =>
    `${brand.charAt(0).toUpperCase()}${brand.slice(1)} ending in ${last4}`,
  provider: (provider: string) => (provider === "test" ? "Test card (no real charge)" : "Card via Stripe"),
  paidOn: "Paid on",
  period: "Service period",
  periodRange: (start: string, end: string) => `${start} to ${end}`,
  transactionId: "Transaction ID",
  thanks: "Thank you for your business.",
  print: "Print",
  downloadPdf: "Download PDF",
  backToHistory: "Back to payment history",
} as const;

export const jobsPage = {
  menu: "Mail & jobs",
  heading: "Mail & jobs",
  lead: "E-mails and other background work, newest first. A job that fails is tried again after a pause that grows each time; one that failed for good can be retried here.",
  refresh: "Refresh",
  filter: "Status",
  all: "All",
  statuses: {
    queued: "Queued",
    running: "Running",
    retrying: "Retrying",
    done: "Done",
    dead: "Failed",
  },
  withCount: (label: string, count: number) => `${label} (${count})`,
  created: "Created",
  job: "Job",
  to: "To",
  status: "Status",
  attempts: "Attempts",
  attemptsOf: (attempts: number, max: number) => `${attempts} of ${max}`,
  lastError: "Last error",
  times: "Times",
  nextRun: (time: string) => `Next try ${time}`,
  finished: (time: string) => `Finished ${time}`,
  action: "Action",
  retry: "Retry",
  retryFor: (what: string) => `Retry ${what}`,
  retried: "The job is queued again and runs in a moment.",
  none: "No jobs with this status.",
  loadFailed: "We couldn't load the jobs.",
  previous: "Previous",
  next: "Next",
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;
