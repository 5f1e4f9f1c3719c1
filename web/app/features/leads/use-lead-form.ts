import type { LeadFormName } from "@agency/contract";
import type { UseMutationResult } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../lib/api";
import { notifyFormFailure, notifyFormProblem, notifyFormSuccess } from "../../lib/toast";
import { type LeadFormResult, leadFormAnchors } from "./form-result";

type LeadFormOptions<Values extends Record<string, string>> = {
  form: LeadFormName;
  /** The path of the page whose route action takes this form posted without JavaScript. */
  action: string;
  /** The server's answer to this form posted without JavaScript, on the page it answered with. */
  result: LeadFormResult | undefined;
  empty: Values;
  /** The first rule the values break (SPEC §5), or undefined when they can be sent. */
  problem: (values: Values) => string | undefined;
  mutation: UseMutationResult<unknown, unknown, Values>;
  successMessage: string;
};

/**
 * The shared behaviour of the contact, query and newsletter forms: a broken rule shows its toast
 * and keeps what was typed; a stored lead shows the success toast and empties the form; a failed
 * call (network, server refusal) shows an error toast and keeps what was typed.
 *
 * Each is also a plain HTML form posted to its page (the route action answers with the page and
 * the message in it), so it works before the page's script runs and without it. The fields are
 * uncontrolled and read when the form is sent: what the visitor typed before the script ran is in
 * the fields when React takes the page over, and is what gets sent.
 */
export function useLeadForm<Values extends Record<string, string>>({
  form,
  action,
  result,
  empty,
  problem,
  mutation,
  successMessage,
}: LeadFormOptions<Values>) {
  // The posted form's answer stays on the page until the visitor sends the form again.
  const [notice, setNotice] = useState(result);
  const initial: Record<string, string> = result && !result.sent ? result.values : empty;
  // One toast per form at a time.
  const toastId = `${form}-form`;

  function field(name: keyof Values & string) {
    return { name, defaultValue: initial[name] ?? "" };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const element = event.currentTarget;
    const posted = new FormData(element);
    const values = Object.fromEntries(
      Object.keys(empty).map((name) => {
        const value = posted.get(name);
        return [name, typeof value === "string" ? value : ""];
      }),
    ) as Values;
    setNotice(undefined);
    const message = problem(values);
    if (message) {
      notifyFormProblem(message, toastId);
      return;
    }
    mutation.mutate(values, {
      onSuccess: () => {
        notifyFormSuccess(successMessage, toastId);
        for (const name of Object.keys(empty)) {
          const control = element.elements.namedItem(name);
          if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)
            control.value = "";
        }
      },
      onError: (error) => notifyFormFailure(errorMessage(error), toastId),
    });
  }

  return {
    field,
    /** The form element's own attributes: posted to the page, which opens at the form's section. */
    formProps: { method: "post", action: `${action}#${leadFormAnchors[form]}`, onSubmit } as const,
    /** Tells the page's action which of its forms was posted. */
    intent: { type: "hidden", name: "intent", value: form } as const,
    anchor: leadFormAnchors[form],
    notice,
    sending: mutation.isPending,
    canSubmit: !mutation.isPending,
  };
}
