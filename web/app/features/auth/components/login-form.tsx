import type { FormEvent } from "react";
import { Form } from "react-bootstrap";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api";
import { accountMessages, accountPages } from "../../../lib/messages";
import { notifyError, notifyFormProblem, notifyFormSuccess } from "../../../lib/toast";
import { useSignIn } from "../api/auth";
import { accountErrorMessage } from "../errors";
import { loginProblem } from "../validation";
import { AuthSubmit } from "./auth-submit";
import { PasswordField } from "./password-field";

const FORM_ID = "login";

/** The password was right, and the account asks for a code before it is signed in. */
function asksForCode(answer: unknown): boolean {
  return typeof answer === "object" && answer !== null && "twoFactorRedirect" in answer;
}

type Props = {
  redirectTo: string;
  /** Signed in: where to go is the page's to decide (by default `redirectTo`). */
  onSignedIn?: () => void;
  /** The password was right and a code is asked for (two-factor sign-in). */
  onCodeAsked?: () => void;
  /** The account is locked after too many wrong passwords. */
  onLocked?: (email: string) => void;
};

/** SPEC §5 login: a refusal shows the server's message in an error toast; success goes on. */
export function LoginForm({ redirectTo, onSignedIn, onCodeAsked, onLocked }: Props) {
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
      const answer = await signIn.mutateAsync(values);
      if (asksForCode(answer) && onCodeAsked) return onCodeAsked();
      notifyFormSuccess(accountMessages.loginSuccess, FORM_ID);
      if (onSignedIn) onSignedIn();
      else navigate(redirectTo, { replace: true });
    } catch (error) {
      notifyError(accountErrorMessage(error));
      if (error instanceof ApiError && error.reason === "TOO_MANY_ATTEMPTS") onLocked?.(values.email);
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
