import type { LeadFormName } from "@agency/contract";

/**
 * What the server answered a lead form posted without JavaScript (a route action's data): the
 * success message, or the first broken rule or refusal with what the visitor typed.
 */
export type LeadFormResult =
  | { form: LeadFormName; sent: true; message: string }
  | { form: LeadFormName; sent: false; message: string; values: Record<string, string> };

/** The answer meant for this form, when the page's post was this form's. */
export function resultFor(
  posted: LeadFormResult | undefined,
  form: LeadFormName,
): LeadFormResult | undefined {
  return posted?.form === form ? posted : undefined;
}

/** Where each form's section sits: the posted form's answer page opens there. */
export const leadFormAnchors: Record<LeadFormName, string> = {
  contact: "contact-form",
  query: "query-form",
  newsletter: "newsletter",
};
