import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import { errorMessage } from "../../../lib/api";
import { accountMessages, accountPages } from "../../../lib/messages";
import { loginPath } from "../../../lib/redirect";
import { formToastDurationMs, notifyFormFailure, notifyFormProblem } from "../../../lib/toast";
import { useHydrated } from "../../../lib/use-hydrated";
import { signUp } from "../api/account-calls";
import { type SignUpValues, signUpProblem } from "../validation";
import { PasswordField } from "./password-field";

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
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = readValues(form);
    const problem = signUpProblem(values);
    if (problem) {
      notifyFormProblem(problem, FORM_ID);
      return;
    }
    setBusy(true);
    try {
      await signUp({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        // The mailed link confirms the address, then opens the login page (and after it, the
        // page the visitor first asked for).
        callbackURL: `${loginPath(redirectTo)}${redirectTo ? "&" : "?"}verified=1`,
      });
      form.reset();
      toast.success(accountMessages.signUpSuccess, { id: FORM_ID, duration: formToastDurationMs });
      toast(accountMessages.verificationSent(values.email.trim()), { duration: 8000, icon: "✉️" });
      navigate("/home");
    } catch (error) {
      notifyFormFailure(errorMessage(error), FORM_ID);
    } finally {
      setBusy(false);
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
      <PasswordField
        id="sign-up-password"
        label={accountPages.password}
        name="password"
        autoComplete="new-password"
      />
      <PasswordField
        id="sign-up-confirm"
        label={accountPages.confirmPassword}
        name="confirmPassword"
        autoComplete="new-password"
      />
      <Button type="submit" className="w-100" disabled={busy || !hydrated}>
        {accountPages.signUpButton}
      </Button>
    </Form>
  );
}
