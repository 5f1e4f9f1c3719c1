import type { LeadFormName } from "@agency/contract";
import { type ActionFunctionArgs, data } from "react-router";
import { leadFormsOf } from "../../lib/lead-forms.server";
import { contact, newsletter, queryForm } from "../../lib/messages";
import type { LeadFormResult } from "./form-result";
import { contactProblem, newsletterProblem, queryProblem } from "./validation";

/** A form's fields (read from the posted body, blank when absent), its rules and its success message. */
function rules<Values extends Record<string, string>>(
  empty: Values,
  problem: (values: Values) => string | undefined,
  success: string,
) {
  return {
    success,
    read(body: FormData) {
      const values = Object.fromEntries(
        Object.keys(empty).map((field) => {
          const value = body.get(field);
          return [field, typeof value === "string" ? value : ""];
        }),
      ) as Values;
      return { values, problem: problem(values) };
    },
  };
}

const forms: Record<LeadFormName, ReturnType<typeof rules>> = {
  contact: rules({ name: "", email: "", message: "" }, contactProblem, contact.success),
  query: rules({ website: "", email: "" }, queryProblem, queryForm.success),
  newsletter: rules({ email: "" }, newsletterProblem, newsletter.success),
};

/**
 * A page's route action for the lead forms it shows, when one is posted without JavaScript (or
 * before the page's script ran): the spec's rules in their order (SPEC §5, the toasts' words),
 * then the server's own checks and storage. The answer is the page again, with the success message
 * and an empty form, or with the reason and what was typed.
 */
export async function leadFormAction(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  shown: readonly LeadFormName[],
) {
  const body = await request.formData();
  const form = shown.find((name) => name === body.get("intent"));
  if (!form) throw data("This page has no such form.", { status: 400 });
  const { values, problem } = forms[form].read(body);
  if (problem) {
    return data<LeadFormResult>({ form, sent: false, message: problem, values }, { status: 400 });
  }
  const answer = await leadFormsOf(context)[form](values);
  if (!answer.stored) {
    return data<LeadFormResult>(
      { form, sent: false, message: answer.message, values },
      { status: answer.status },
    );
  }
  return data<LeadFormResult>({ form, sent: true, message: forms[form].success });
}
