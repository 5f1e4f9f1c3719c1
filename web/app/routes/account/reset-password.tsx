import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import toast from "react-hot-toast";
import { Link, useNavigate, useSearchParams } from "react-router";
import { resetPassword } from "../../features/auth/api/account-calls";
import { AuthCard } from "../../features/auth/components/auth-card";
import { PasswordField } from "../../features/auth/components/password-field";
import { newPasswordProblem } from "../../features/auth/validation";
import { errorMessage } from "../../lib/api";
import { accountMessages, accountPages } from "../../lib/messages";
import { pageTitle } from "../../lib/site";
import { notifyError, notifyFormProblem } from "../../lib/toast";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/reset-password";

export function meta(_: Route.MetaArgs) {
  return [{ title: pageTitle(accountPages.resetHeading) }, { name: "robots", content: "noindex" }];
}

/** Opened from the mailed link: the server put the one-time token in the address. */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  if (!token || params.get("error")) {
    return (
      <AuthCard title={accountPages.resetHeading}>
        <p className="alert alert-danger" role="alert">
          {accountMessages.resetInvalid}
        </p>
        <Link to="/forgot__password">{accountPages.forgotPassword}</Link>
      </AuthCard>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get("password") ?? "");
    const confirm = String(data.get("confirmPassword") ?? "");
    const problem = newPasswordProblem(password, confirm);
    if (problem) {
      notifyFormProblem(problem, "reset");
      return;
    }
    setBusy(true);
    try {
      await resetPassword(token ?? "", password);
      toast.success(accountMessages.resetDone, { id: "reset" });
      navigate("/login", { replace: true });
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={accountPages.resetHeading}>
      <Form noValidate onSubmit={onSubmit}>
        <PasswordField
          id="reset-password"
          label={accountPages.newPassword}
          name="password"
          autoComplete="new-password"
        />
        <PasswordField
          id="reset-confirm"
          label={accountPages.confirmPassword}
          name="confirmPassword"
          autoComplete="new-password"
        />
        <Button type="submit" className="w-100" disabled={busy || !hydrated}>
          {accountPages.resetButton}
        </Button>
      </Form>
    </AuthCard>
  );
}
