import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { Link, useNavigate } from "react-router";
import { Field } from "../../../components/field";
import { errorMessage } from "../../../lib/api";
import { accountMessages, editAccountPage as t } from "../../../lib/messages";
import { notifySuccess } from "../../../lib/toast";
import { useConfirmAccountDeletion, useDeleteAccount, useForgetAccount } from "../api/account";
import { type Outcome, StatusLine } from "./status-line";

/** Deleting the account: with the password, or for accounts without one by a mailed link. */
export function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const remove = useDeleteAccount();
  const forget = useForgetAccount();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (hasPassword && !password) return setOutcome({ ok: false, text: accountMessages.fillField });
    if (!asking) {
      setOutcome(null);
      return setAsking(true);
    }
    try {
      const result = await remove.mutateAsync(hasPassword ? { password } : {});
      setAsking(false);
      if (result.status === "mailed") return setOutcome({ ok: true, text: t.deleteMailed });
      notifySuccess(t.deleted);
      await navigate("/login", { replace: true });
      forget();
    } catch (error) {
      setAsking(false);
      setOutcome({ ok: false, text: errorMessage(error) });
    }
  }

  return (
    <section aria-labelledby="edit-delete-heading">
      <h2 id="edit-delete-heading" className="h5 mb-3 text-danger">
        {t.deleteHeading}
      </h2>
      <p className="text-body-secondary">{t.deleteLead}</p>
      {/* Said before the password is asked for: the server refuses while a plan still renews. */}
      <p className="alert alert-info" data-testid="delete-plans-first">
        {t.deletePlansFirst} <Link to="/dashboard/my-orders">{t.deletePlansLink}</Link>
      </p>
      <Form onSubmit={onSubmit} noValidate aria-label={t.deleteHeading}>
        {hasPassword ? (
          <Field
            className="mb-3"
            id="delete-password"
            label={t.deletePassword}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
        ) : null}
        {asking ? (
          <p className="alert alert-warning" role="alert">
            {t.deleteQuestion}
          </p>
        ) : null}
        <Button type="submit" variant="danger" disabled={remove.isPending}>
          {asking ? t.confirmButton : hasPassword ? t.deleteButton : t.deleteByMail}
        </Button>
        <StatusLine outcome={outcome} />
      </Form>
    </section>
  );
}

/** The page a mailed deletion link opens: one more click, signed in, deletes the account. */
export function ConfirmDeletion({ token }: { token: string }) {
  const confirm = useConfirmAccountDeletion();
  const forget = useForgetAccount();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function onClick() {
    try {
      await confirm.mutateAsync({ token });
      notifySuccess(t.deleted);
      await navigate("/login", { replace: true });
      forget();
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    }
  }

  return (
    <section className="alert alert-danger mb-4" aria-labelledby="confirm-delete-heading">
      <h2 id="confirm-delete-heading" className="h5">
        {t.confirmHeading}
      </h2>
      <p>{t.deleteQuestion}</p>
      <Button variant="danger" onClick={onClick} disabled={confirm.isPending}>
        {t.confirmButton}
      </Button>
      <StatusLine outcome={outcome} />
    </section>
  );
}
