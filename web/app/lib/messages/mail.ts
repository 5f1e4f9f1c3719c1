// Mailed links (newsletter confirmation, unsubscribe), mail preferences, receipts and mail jobs.

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
  pending: (email: string) =>
    `Check your inbox: open the link we mailed to ${email} to confirm your newsletter subscription.`,
  save: "Save",
  saving: "Saving…",
  saved: "Your notification settings are saved.",
} as const;
