import type { FormEvent } from "react";
import { Form } from "react-bootstrap";
import { Link, useNavigate, useParams } from "react-router";
import { Field } from "../../components/field";
import { LoadError } from "../../components/load-error";
import { LoadingScreen } from "../../components/loading-screen";
import { AuthCard } from "../../features/auth/components/auth-card";
import { AuthSubmit } from "../../features/auth/components/auth-submit";
import { NewPasswordFields } from "../../features/auth/components/password-field";
import { newPasswordProblem } from "../../features/auth/validation";
import {
  isClosedInvitation,
  useAcceptInvitation,
  useInvitationLookup,
} from "../../features/team/api/invitations";
import { errorMessage } from "../../lib/api";
import { accountMessages, joinPage as t } from "../../lib/messages";
import { pageTitle, siteOf } from "../../lib/site";
import { notifyError, notifyFormProblem, notifySuccess } from "../../lib/toast";
import type { Route } from "./+types/join-team";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.heading, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/**
 * Opened from the mailed invitation: the link's token says which shop, address and role. The
 * person chooses a name and a password (sign-up's rules), then signs in as everyone does.
 */
export default function JoinTeam() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const invitation = useInvitationLookup(token);
  const accept = useAcceptInvitation();

  if (invitation.isPending) return <LoadingScreen label={t.checking} />;
  if (invitation.isError) {
    if (!isClosedInvitation(invitation.error)) {
      return <LoadError message={t.checkFailed} query={invitation} />;
    }
    return (
      <AuthCard title={t.unusable}>
        <p className="alert alert-danger" role="alert">
          {invitation.error.message}
        </p>
        <Link to="/login">{t.toLogin}</Link>
      </AuthCard>
    );
  }

  const { email, roleName, shopName } = invitation.data;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = String(data.get("name") ?? "").trim();
    const password = String(data.get("password") ?? "");
    const problem = name
      ? newPasswordProblem(password, String(data.get("confirmPassword") ?? ""))
      : accountMessages.enterName;
    if (problem) {
      notifyFormProblem(problem, "join");
      return;
    }
    if (accept.isPending) return;
    try {
      await accept.mutateAsync({ token, name, password });
      notifySuccess(t.joined, "join");
      navigate("/login", { replace: true });
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <AuthCard title={t.heading} lead={t.lead(shopName, roleName)}>
      <Form noValidate onSubmit={onSubmit}>
        <Field id="join-email" label={t.email}>
          <Form.Control type="email" value={email} readOnly plaintext />
        </Field>
        <Form.Group className="my-3" controlId="join-name">
          <Form.Label>{t.name}</Form.Label>
          <Form.Control name="name" autoComplete="name" maxLength={200} />
        </Form.Group>
        <NewPasswordFields idPrefix="join" label={t.password} />
        <AuthSubmit pending={accept.isPending}>{t.submit}</AuthSubmit>
      </Form>
    </AuthCard>
  );
}
