import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { Form } from "react-bootstrap";
import { useNavigate } from "react-router";
import { accountMessages, accountPages } from "../../../lib/messages";
import { loginPath } from "../../../lib/redirect";
import { notifyFormFailure, notifyFormProblem, notifyFormSuccess, notifyNote } from "../../../lib/toast";
import { signUp } from "../api/auth";
import { accountErrorMessage } from "../errors";
import { type SignUpValues, signUpProblem } from "../validation";
import { AuthSubmit } from "./auth-submit";
import { NewPasswordFields } from "./password-field";

const FORM_ID = "sign-up";

function readValues(form: HTMLFormElement): SignUpValues {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "");
  return {
    name: text("name"),
    email: text("email"),
    password: text("password"),
    confirmPassword: text("confirmPassword"),
  };
}

/** SPEC §4/§5 sign-up: the rules in order, then the account, the confirmation mail and /home. */
export function SignUpForm({ redirectTo }: { redirectTo?: string }) {
  const navigate = useNavigate();
  const createAccount = useMutation({ mutationFn: signUp });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = readValues(form);
    const problem = signUpProblem(values);
    if (problem) {
      notifyFormProblem(problem, FORM_ID);
      return;
    }
    if (createAccount.isPending) return;
    try {
      await createAccount.mutateAsync({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        // The mailed link confirms the address, then opens the login page (and after it, the
        // page the visitor first asked for).
        callbackURL: `${loginPath(redirectTo)}${redirectTo ? "&" : "?"}verified=1`,
      });
      form.reset();
      notifyFormSuccess(accountMessages.signUpSuccess, FORM_ID);
      notifyNote(accountMessages.verificationSent(values.email.trim()), "✉️");
      navigate("/home");
    } catch (error) {
      notifyFormFailure(accountErrorMessage(error), FORM_ID);
    }
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={accountPages.signUpHeading}>
      <Form.Group className="mb-3" controlId="sign-up-name">
        <Form.Label>{accountPages.name}</Form.Label>
        <Form.Control name="name" autoComplete="name" />
      </Form.Group>
      <Form.Group className="mb-3" controlId="sign-up-email">
        <Form.Label>{accountPages.email}</Form.Label>
        <Form.Control type="email" name="email" autoComplete="email" />
      </Form.Group>
      <NewPasswordFields idPrefix="sign-up" label={accountPages.password} />
      <AuthSubmit pending={createAccount.isPending}>{accountPages.signUpButton}</AuthSubmit>
    </Form>
  );
}
