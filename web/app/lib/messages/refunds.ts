// An order's payments and the agency's refunds of them.

export const orderPaymentTexts = {
  heading: "Payments",
  none: "No payment yet.",
  paidOn: (amount: string, date: string) => `${amount} paid on ${date}`,
  period: (start: string, end: string) => `For ${start} – ${end}`,
  left: (refunded: string, left: string) => `${refunded} refunded, ${left} left`,
  refundLine: (amount: string, date: string) => `Refunded ${amount} on ${date}`,
  reason: (reason: string) => `Reason: ${reason}`,
  receipt: "Receipt",
  creditNote: "Credit note",
} as const;

export const refundForm = {
  heading: "Refund",
  lead: "Give back part or all of a payment to the card that paid. A refund of all that is left of the latest payment also cancels the order and its plan.",
  payment: "Payment",
  paymentOption: (amount: string, date: string, left: string) => `${amount} of ${date} (${left} left)`,
  amount: (symbol: string) => `Amount (${symbol})`,
  amountHelp: (left: string) => `At most ${left}.`,
  amountAtMost: (left: string) => `must be at most ${left}, what is left of the payment`,
  reason: "Reason",
  reasonHelp: "The customer sees it with the refund.",
  submit: "Refund",
  question: (amount: string, number: string) => `Refund ${amount} of order ${number}?`,
  partText: "The money goes back to the card that paid; the work on the order goes on.",
  allText: "That is all that is left of the latest payment: the order and its plan are cancelled too.",
  confirm: "Refund",
  done: (amount: string) => `${amount} refunded.`,
  nothingLeft: "Everything paid has been refunded.",
} as const;
