import type { UseMutationResult } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { errorMessage } from "../../lib/api";
import { notifyFormFailure, notifyFormProblem, notifyFormSuccess } from "../../lib/toast";
import { useHydrated } from "../../lib/use-hydrated";

type LeadFormOptions<Values extends Record<string, string>> = {
  /** Toast id: one toast per form at a time. */
  formId: string;
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
 */
export function useLeadForm<Values extends Record<string, string>>({
  formId,
  empty,
  problem,
  mutation,
  successMessage,
}: LeadFormOptions<Values>) {
  const [values, setValues] = useState(empty);
  // Until the page runs, a click would make the browser send the form itself, as a GET with the
  // visitor's address in the URL; the submit button waits for the page instead.
  const hydrated = useHydrated();

  function field(name: keyof Values & string) {
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setValues((current) => ({ ...current, [name]: event.target.value })),
    };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const message = problem(values);
    if (message) {
      notifyFormProblem(message, formId);
      return;
    }
    mutation.mutate(values, {
      onSuccess: () => {
        notifyFormSuccess(successMessage, formId);
        setValues(empty);
      },
      onError: (error) => notifyFormFailure(errorMessage(error), formId),
    });
  }

  return { values, field, onSubmit, sending: mutation.isPending, canSubmit: hydrated && !mutation.isPending };
}
