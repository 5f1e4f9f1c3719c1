import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { Form } from "react-bootstrap";
import { Link, useNavigate, useSearchParams } from "react-router";
import { resetPassword } from "../../features/auth/api/auth";
import { AuthCard } from "../../features/auth/components/auth-card";
import { AuthSubmit } from "../../features/auth/components/auth-submit";
import { NewPasswordFields } from "../../features/auth/components/password-field";
import { accountErrorMessage } from "../../features/auth/errors";
import { newPasswordProblem } from "../../features/auth/validation";
import { accountMessages, accountPages } from "../../lib/messages";
import { pageTitle, siteOf } from "../../lib/site";
import { notifyError, notifyFormProblem, notifySuccess } from "../../lib/toast";
import type { Route } from "./+types/reset-password";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(accountPages.resetHeading, siteOf(matches)) },
    { name: "robots", content: "noindex" },
  ];
}

/** Opened from the mailed link: the server put the one-time token in the address. */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const reset = useMutation({
    mutationFn: (password: string) => resetPassword(token ?? "", password),
  });

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
    if (reset.isPending) return;
    try {
      await reset.mutateAsync(password);
      notifySuccess(accountMessages.resetDone, "reset");
      navigate("/login", { replace: true });
    } catch (error) {
      notifyError(accountErrorMessage(error));
    }
  }

  return (
    <AuthCard title={accountPages.resetHeading}>
      <Form noValidate onSubmit={onSubmit}>
        <NewPasswordFields idPrefix="reset" label={accountPages.newPassword} />
        <AuthSubmit pending={reset.isPending}>{accountPages.resetButton}</AuthSubmit>
      </Form>
    </AuthCard>
  );
}
