import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import toast from "react-hot-toast";
import { Link } from "react-router";
import { requestPasswordReset } from "../../features/auth/api/account-calls";
import { AuthCard } from "../../features/auth/components/auth-card";
import { errorMessage } from "../../lib/api";
import { accountMessages, accountPages } from "../../lib/messages";
import { pageMeta } from "../../lib/meta";
import { notifyError, notifyFormProblem } from "../../lib/toast";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/forgot-password";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Forgot password",
    description: "Get a link to choose a new password.",
    canonicalPath: "/forgot__password",
  });
}

export default function ForgotPassword() {
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!email) {
      notifyFormProblem(accountMessages.enterEmail, "forgot");
      return;
    }
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setSent(true);
      toast.success(accountMessages.resetSent, { id: "forgot" });
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={accountPages.forgotHeading} lead={accountPages.forgotLead}>
      {sent ? (
        <p className="alert alert-success" role="status">
          {accountMessages.resetSent}
        </p>
      ) : null}
      <Form noValidate onSubmit={onSubmit}>
        <Form.Group className="mb-3" controlId="forgot-email">
          <Form.Label>{accountPages.email}</Form.Label>
          <Form.Control type="email" name="email" autoComplete="email" />
        </Form.Group>
        <Button type="submit" className="w-100" disabled={busy || !hydrated}>
          {accountPages.sendResetLink}
        </Button>
      </Form>
      <p className="text-center mt-4 mb-0">
        <Link to="/login">{accountPages.loginLink}</Link>
      </p>
    </AuthCard>
  );
}
