import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { Field } from "../../../components/field";
import { ApiError, errorMessage } from "../../../lib/api";
import { accountMessages, editAccountPage as t } from "../../../lib/messages";
import { useChangeEmail, useChangePassword, useSignOutOtherSessions, useUpdateName } from "../api/account";
import { type Outcome, StatusLine } from "./status-line";

const MIN_PASSWORD_LENGTH = 6; // SPEC §9

function Section({ id, heading, children }: { id: string; heading: string; children: React.ReactNode }) {
  return (
    <section className="mb-4 pb-4 border-bottom" aria-labelledby={id}>
      <h2 id={id} className="h5 mb-3">
        {heading}
      </h2>
      {children}
    </section>
  );
}

export function NameForm({ name }: { name: string }) {
  const update = useUpdateName();
  const [value, setValue] = useState(name);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = value.trim();
    if (!trimmed) return setOutcome({ ok: false, text: t.nameRequired });
    try {
      await update.mutateAsync(trimmed);
      setOutcome({ ok: true, text: t.nameSaved });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    }
  }

  return (
    <Section id="edit-name-heading" heading={t.nameHeading}>
      <Form onSubmit={onSubmit} noValidate aria-label={t.nameHeading}>
        <Field
          className="mb-3"
          id="edit-name"
          label={t.name}
          value={value}
          maxLength={200}
          onChange={setValue}
        />
        <Button type="submit" disabled={update.isPending}>
          {t.saveName}
        </Button>
        <StatusLine outcome={outcome} />
      </Form>
    </Section>
  );
}

export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const change = useChangePassword();
  const [fields, setFields] = useState({ current: "", next: "", confirm: "" });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const set = (key: keyof typeof fields) => (value: string) => setFields({ ...fields, [key]: value });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!fields.current || !fields.next) return setOutcome({ ok: false, text: accountMessages.fillField });
    if (fields.next.length < MIN_PASSWORD_LENGTH)
      return setOutcome({ ok: false, text: accountMessages.passwordTooShort });
    if (fields.next !== fields.confirm)
      return setOutcome({ ok: false, text: accountMessages.passwordMismatch });
    try {
      await change.mutateAsync({ currentPassword: fields.current, newPassword: fields.next });
      setFields({ current: "", next: "", confirm: "" });
      setOutcome({ ok: true, text: t.passwordChanged });
    } catch (error) {
      const wrong = error instanceof ApiError && error.reason === "INVALID_PASSWORD";
      setOutcome({ ok: false, text: wrong ? t.wrongCurrentPassword : errorMessage(error) });
    }
  }

  return (
    <Section id="edit-password-heading" heading={t.passwordHeading}>
      {hasPassword ? (
        <Form onSubmit={onSubmit} noValidate aria-label={t.passwordHeading}>
          <Field
            className="mb-3"
            id="edit-current-password"
            label={t.currentPassword}
            type="password"
            autoComplete="current-password"
            value={fields.current}
            onChange={set("current")}
          />
          <Field
            className="mb-3"
            id="edit-new-password"
            label={t.newPassword}
            type="password"
            autoComplete="new-password"
            value={fields.next}
            onChange={set("next")}
          />
          <Field
            className="mb-3"
            id="edit-confirm-password"
            label={t.confirmPassword}
            type="password"
            autoComplete="new-password"
            value={fields.confirm}
            onChange={set("confirm")}
          />
          <Button type="submit" disabled={change.isPending}>
            {t.changePassword}
          </Button>
          <StatusLine outcome={outcome} />
        </Form>
      ) : (
        <p className="text-body-secondary mb-0">{t.noPassword}</p>
      )}
    </Section>
  );
}

export function EmailForm({ email }: { email: string }) {
  const change = useChangeEmail();
  const [value, setValue] = useState("");
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const newEmail = value.trim();
    if (!newEmail) return setOutcome({ ok: false, text: accountMessages.enterEmail });
    if (newEmail.toLowerCase() === email.toLowerCase()) return setOutcome({ ok: false, text: t.sameEmail });
    try {
      await change.mutateAsync(newEmail);
      setValue("");
      setOutcome({ ok: true, text: t.emailChangeSent(newEmail) });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    }
  }

  return (
    <Section id="edit-email-heading" heading={t.emailHeading}>
      <Form onSubmit={onSubmit} noValidate aria-label={t.emailHeading}>
        <Field
          className="mb-3"
          id="edit-email"
          label={t.newEmail}
          type="email"
          autoComplete="email"
          value={value}
          maxLength={320}
          onChange={setValue}
        />
        <Button type="submit" disabled={change.isPending}>
          {t.changeEmail}
        </Button>
        <StatusLine outcome={outcome} />
      </Form>
    </Section>
  );
}

export function OtherSessions() {
  const revoke = useSignOutOtherSessions();
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function onClick() {
    try {
      await revoke.mutateAsync();
      setOutcome({ ok: true, text: t.othersSignedOut });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    }
  }

  return (
    <Section id="edit-sessions-heading" heading={t.sessionsHeading}>
      <p className="text-body-secondary">{t.sessionsLead}</p>
      <Button variant="outline-primary" onClick={onClick} disabled={revoke.isPending}>
        {t.signOutOthers}
      </Button>
      <StatusLine outcome={outcome} />
    </Section>
  );
}

export function DataDownload() {
  return (
    <Section id="edit-data-heading" heading={t.dataHeading}>
      <p className="text-body-secondary">{t.dataLead}</p>
      <div className="d-flex flex-wrap gap-2">
        <a className="btn btn-outline-primary" href="/api/account/export" download>
          {t.downloadJson}
        </a>
        <a className="btn btn-outline-primary" href="/api/account/export.zip" download>
          {t.downloadZip}
        </a>
      </div>
    </Section>
  );
}
