// The team's reply templates: messages with variables, filled in for an order in its thread.

import { z } from "zod";
import { maxMessageLength } from "./workflow.js";

/** The variables a template may use, written {{name}}. */
export const templateVariables = [
  "customer.name",
  "customer.email",
  "company.name",
  "order.number",
  "order.service",
  "order.due",
  "order.state",
  "member.name",
] as const;
export type TemplateVariable = (typeof templateVariables)[number];

const variablePattern = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The variables a template's text names, in order, once each. */
export function variablesOf(body: string): string[] {
  return [...new Set([...body.matchAll(variablePattern)].map((match) => match[1] ?? ""))];
}

/** Fills each {{variable}} with its value (a known variable with no value becomes empty). */
export function fillTemplate(body: string, values: Partial<Record<TemplateVariable, string>>): string {
  return body.replace(variablePattern, (_, name: string) => values[name as TemplateVariable] ?? "");
}

export const templateMessages = {
  unknown: (names: readonly string[]) =>
    `Unknown ${names.length === 1 ? "variable" : "variables"}: ${names.map((name) => `{{${name}}}`).join(", ")}. Use ${templateVariables.map((name) => `{{${name}}}`).join(", ")}.`,
  notFound: "The template was not found.",
} as const;

/** POST/PUT /admin/templates: a template's name and text; an unknown variable is refused here. */
export const ReplyTemplateBody = z
  .object({
    name: z.string().trim().min(1, "is required").max(80, "must be at most 80 characters"),
    body: z
      .string()
      .trim()
      .min(1, "is required")
      .max(maxMessageLength, `must be at most ${maxMessageLength} characters`),
  })
  .superRefine((template, ctx) => {
    if (typeof template.body !== "string") return;
    const unknown = variablesOf(template.body).filter(
      (name) => !(templateVariables as readonly string[]).includes(name),
    );
    if (unknown.length > 0)
      ctx.addIssue({ code: "custom", path: ["body"], message: templateMessages.unknown(unknown) });
  });
export type ReplyTemplateBody = z.infer<typeof ReplyTemplateBody>;

export const ReplyTemplate = z
  .object({
    _id: z.string(),
    name: z.string(),
    body: z.string(),
    createdByName: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: "ReplyTemplate" });
export type ReplyTemplate = z.infer<typeof ReplyTemplate>;
export const ReplyTemplateList = z.array(ReplyTemplate);

/** A template filled in for one order, to put in its thread (the member may still edit it). */
export const FilledTemplate = z.object({ text: z.string() });
export const OrderTemplateParams = z.object({ id: z.string().max(100), templateId: z.string().max(100) });
