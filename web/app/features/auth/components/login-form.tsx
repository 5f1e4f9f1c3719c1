import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import { ApiError, errorMessage } from "../../../lib/api";
import { accountMessages, accountPages } from "../../../lib/messages";
import { formToastDurationMs, notifyError, notifyFormProblem } from "../../../lib/toast";
import { useHydrated } from "../../../lib/use-hydrated";
import { useSignIn } from "../api/account-calls";
import { loginProblem } from "../validation";
import { PasswordField } from "./password-field";

const FORM_ID = "login";

/** SPEC §5 login: a refusal shows the server's message in an error toast; success goes on. */
export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

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
    setBusy(true);
    try {
      await signIn.mutateAsync(values);
      toast.success(accountMessages.loginSuccess, { id: FORM_ID, duration: formToastDurationMs });
      navigate(redirectTo, { replace: true });
    } catch (error) {
      const unverified = error instanceof ApiError && error.reason === "EMAIL_NOT_VERIFIED";
      notifyError(unverified ? accountMessages.notVerified : errorMessage(error));
    } finally {
      setBusy(false);
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
      <Button type="submit" className="w-100" disabled={busy || !hydrated}>
        {accountPages.loginButton}
      </Button>
    </Form>
  );
}
