import { contact, newsletter, queryForm } from "../../lib/messages";

/** What the visitor typed; blank means empty or spaces only. */
const blank = (value: string) => value.trim() === "";

export type ContactValues = { name: string; email: string; message: string };
export type QueryValues = { website: string; email: string };
export type NewsletterValues = { email: string };

// SPEC §5 Contact form: the checks run in this order and the first that fails is shown.
export function contactProblem({ name, email, message }: ContactValues): string | undefined {
  if (blank(name) && blank(email) && blank(message)) return contact.allMissing;
  if (blank(name)) return contact.nameMissing;
  if (blank(email)) return contact.emailMissing;
  if (blank(message)) return contact.messageMissing;
  return undefined;
}

// SPEC §5 Query form (home): website and email are both needed.
export function queryProblem({ website, email }: QueryValues): string | undefined {
  if (blank(website) && blank(email)) return queryForm.bothMissing;
  if (blank(email)) return queryForm.emailMissing;
  if (blank(website)) return queryForm.websiteMissing;
  return undefined;
}

// SPEC §5 Newsletter: the email is required.
export function newsletterProblem({ email }: NewsletterValues): string | undefined {
  return blank(email) ? newsletter.emailMissing : undefined;
}
