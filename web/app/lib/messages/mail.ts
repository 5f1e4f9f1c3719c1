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
