import type { FormEvent } from "react";
import { Form } from "react-bootstrap";
import { useNavigate } from "react-router";
import { accountMessages, accountPages } from "../../../lib/messages";
import { notifyError, notifyFormProblem, notifyFormSuccess } from "../../../lib/toast";
import { useSignIn } from "../api/auth";
import { accountErrorMessage } from "../errors";
import { loginProblem } from "../validation";
import { AuthSubmit } from "./auth-submit";
import { PasswordField } from "./password-field";

const FORM_ID = "login";

/** SPEC §5 login: a refusal shows the server's message in an error toast; success goes on. */
export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const navigate = useNavigate();
  const signIn = useSignIn();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = {
      email: String(data.get("email") ?? "").trim(),
      password: String(data.get("password") ?? ""),
    };
    const problem = loginProblem(values);
    if (problem) {
      notifyFormProblem(problem, FORM_ID);
      return;
    }
    try {
      await signIn.mutateAsync(values);
      notifyFormSuccess(accountMessages.loginSuccess, FORM_ID);
      navigate(redirectTo, { replace: true });
    } catch (error) {
      notifyError(accountErrorMessage(error));
    }
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={accountPages.loginHeading}>
      <Form.Group className="mb-3" controlId="login-email">
        <Form.Label>{accountPages.email}</Form.Label>
        <Form.Control type="email" name="email" autoComplete="email" />
      </Form.Group>
      <PasswordField
        id="login-password"
        label={accountPages.password}
        name="password"
        autoComplete="current-password"
      />
      <AuthSubmit pending={signIn.isPending}>{accountPages.loginButton}</AuthSubmit>
    </Form>
  );
}
