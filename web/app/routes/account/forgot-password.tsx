import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { Form } from "react-bootstrap";
import { Link } from "react-router";
import { requestPasswordReset } from "../../features/auth/api/auth";
import { AuthCard } from "../../features/auth/components/auth-card";
import { AuthSubmit } from "../../features/auth/components/auth-submit";
import { accountErrorMessage } from "../../features/auth/errors";
import { accountMessages, accountPages } from "../../lib/messages";
import { pageMeta } from "../../lib/meta";
import { siteOf } from "../../lib/site";
import { notifyError, notifyFormProblem, notifySuccess } from "../../lib/toast";
import type { Route } from "./+types/forgot-password";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    site: siteOf(matches),
    title: "Forgot password",
    description: "Get a link to choose a new password.",
    canonicalPath: "/forgot__password",
  });
}

export default function ForgotPassword() {
  const request = useMutation({ mutationFn: requestPasswordReset });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!email) {
      notifyFormProblem(accountMessages.enterEmail, "forgot");
      return;
    }
    if (request.isPending) return;
    try {
      await request.mutateAsync(email);
      notifySuccess(accountMessages.resetSent, "forgot");
    } catch (error) {
      notifyError(accountErrorMessage(error));
    }
  }

  return (
    <AuthCard title={accountPages.forgotHeading} lead={accountPages.forgotLead}>
      {request.isSuccess ? (
        <p className="alert alert-success" role="status">
          {accountMessages.resetSent}
        </p>
      ) : null}
      <Form noValidate onSubmit={onSubmit}>
        <Form.Group className="mb-3" controlId="forgot-email">
          <Form.Label>{accountPages.email}</Form.Label>
          <Form.Control type="email" name="email" autoComplete="email" />
        </Form.Group>
        <AuthSubmit pending={request.isPending}>{accountPages.sendResetLink}</AuthSubmit>
      </Form>
      <p className="text-center mt-4 mb-0">
        <Link to="/login">{accountPages.loginLink}</Link>
      </p>
    </AuthCard>
  );
}
