import {
  ContactMessageBody,
  controlCharacterFields,
  type LeadFormAnswer,
  type LeadForms,
  type LeadStored,
  NewsletterSignUpBody,
  QueryRequestBody,
} from "@agency/contract";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import * as leads from "./service.js";

/** The refusal the JSON calls answer over their limit (see plugins/errors.ts), for the same reason. */
export const tooManyLeadForms = "Too many requests. Please wait a moment and try again.";

type Body<Schema extends z.ZodType> = { body: z.infer<Schema> } | { refusal: string };

/**
 * The body checked as the JSON calls check it, with the same words for the first broken rule:
 * control characters first (plugins/validation.ts), then the contract's schema (plugins/errors.ts).
 */
function checked<Schema extends z.ZodType>(schema: Schema, values: Record<string, string>): Body<Schema> {
  const [control] = Object.entries(controlCharacterFields(values, "body"));
  if (control) return { refusal: `Invalid ${control[0]}: ${control[1]}` };
  const parsed = schema.safeParse(values);
  if (parsed.success) return { body: parsed.data };
  const [issue] = parsed.error.issues;
  const field = issue?.path.map(String).join(".") || "body";
  return { refusal: issue ? `Invalid ${field}: ${issue.message}` : "The request is not valid." };
}

/**
 * The lead forms as a page's route action sends them when they are posted without JavaScript:
 * within the rate limit `allow` keeps (the JSON calls' limit), checked by the contract's schemas,
 * and stored by the same service functions as POST /api/leads/contact, /api/leads/query and
 * /api/newsletter, so a lead sent either way is the same lead (and a sign-up gets the same mail).
 */
export function leadForms(db: Database, allow: () => Promise<boolean>): LeadForms {
  function form<Schema extends z.ZodType>(
    schema: Schema,
    store: (db: Database, body: z.infer<Schema>) => Promise<LeadStored>,
  ) {
    return async (values: Record<string, string>): Promise<LeadFormAnswer> => {
      if (!(await allow())) return { stored: false, status: 429, message: tooManyLeadForms };
      const result = checked(schema, values);
      if ("refusal" in result) return { stored: false, status: 400, message: result.refusal };
      await store(db, result.body);
      return { stored: true };
    };
  }
  return {
    contact: form(ContactMessageBody, leads.storeContactMessage),
    query: form(QueryRequestBody, leads.storeQueryRequest),
    newsletter: form(NewsletterSignUpBody, leads.signUpForNewsletter),
  };
}
