import { totpSecretOf } from "@agency/contract";
import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { Field } from "../../../components/field";
import { errorMessage } from "../../../lib/api";
import { twoFactorPage as t } from "../../../lib/messages/two-factor";
import {
  useConfirmTwoFactor,
  useNewBackupCodes,
  useStartTwoFactor,
  useTurnOffTwoFactor,
} from "../api/two-factor";

type Outcome = { ok: boolean; text: string } | null;

function StatusLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p
      className={`alert ${outcome.ok ? "alert-success" : "alert-danger"} mt-3 mb-0`}
      role={outcome.ok ? "status" : "alert"}
    >
      {outcome.text}
    </p>
  );
}

/** A form that asks for the password once, then calls `onPassword` with it. */
function PasswordForm({
  id,
  label,
  submit,
  busy,
  onPassword,
  variant = "primary",
}: {
  id: string;
  label: string;
  submit: string;
  busy: boolean;
  onPassword: (password: string) => Promise<void>;
  variant?: string;
}) {
  const [password, setPassword] = useState("");
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) return;
    await onPassword(password);
    setPassword("");
  }
  return (
    <Form onSubmit={onSubmit} noValidate aria-label={label}>
      <Field
        className="mb-3"
        id={id}
        label={t.password}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <Button type="submit" variant={variant} disabled={busy || !password}>
        {submit}
      </Button>
    </Form>
  );
}

function BackupCodeList({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="backup-codes-heading" className="mt-4">
      <h3 id="backup-codes-heading" className="h6">
        {t.backupHeading}
      </h3>
      <p className="small text-body-secondary">{t.backupCodesOnce}</p>
      <ul className="list-unstyled row row-cols-2 font-monospace mb-0" aria-label={t.backupHeading}>
        {codes.map((code) => (
          <li key={code} className="col">
            {code}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Turning it on: the password, then the app's set-up shown as text, then a first code. */
function TurnOn() {
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [setup, setSetup] = useState<{ totpURI: string; backupCodes: string[] } | null>(null);
  const [code, setCode] = useState("");
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function begin(password: string) {
    try {
      setSetup(await start.mutateAsync(password));
      setOutcome(null);
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    }
  }

  async function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await confirm.mutateAsync(code.replace(/\s+/g, ""));
      setOutcome({ ok: true, text: t.enabled });
    } catch {
      setOutcome({ ok: false, text: t.wrongCode });
    }
  }

  if (!setup) {
    return (
      <>
        <PasswordForm
          id="two-factor-start"
          label={t.setUp}
          submit={t.start}
          busy={start.isPending}
          onPassword={begin}
        />
        <StatusLine outcome={outcome} />
      </>
    );
  }
  return (
    <>
      <p>{t.scanStep}</p>
      <dl>
        <dt className="small text-body-secondary">{t.uriLabel}</dt>
        <dd className="text-break">
          <a href={setup.totpURI} className="font-monospace" data-testid="totp-uri">
            {setup.totpURI}
          </a>
        </dd>
        <dt className="small text-body-secondary">{t.secretLabel}</dt>
        <dd className="font-monospace fs-5 text-break" data-testid="totp-secret">
          {totpSecretOf(setup.totpURI)}
        </dd>
      </dl>
      <Form onSubmit={onConfirm} noValidate aria-label={t.confirm}>
        <Field
          className="mb-3"
          id="two-factor-first-code"
          label={t.codeLabel}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={10}
          value={code}
          onChange={setCode}
        />
        <Button type="submit" disabled={confirm.isPending || !code}>
          {t.confirm}
        </Button>
      </Form>
      <StatusLine outcome={outcome} />
      <BackupCodeList codes={setup.backupCodes} />
    </>
  );
}

/** While it is on: new backup codes, or turning it off (each with the password). */
function WhileOn() {
  const renew = useNewBackupCodes();
  const turnOff = useTurnOffTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function newCodes(password: string) {
    try {
      setCodes((await renew.mutateAsync(password)).backupCodes);
      setOutcome(null);
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    }
  }

  async function off(password: string) {
    try {
      await turnOff.mutateAsync(password);
      setOutcome({ ok: true, text: t.disabled });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    }
  }

  return (
    <>
      <section className="mb-4 pb-4 border-bottom" aria-labelledby="two-factor-codes-heading">
        <h2 id="two-factor-codes-heading" className="h6">
          {t.newCodes}
        </h2>
        <p className="small text-body-secondary">{t.newCodesLead}</p>
        <PasswordForm
          id="two-factor-renew"
          label={t.newCodes}
          submit={t.newCodes}
          busy={renew.isPending}
          onPassword={newCodes}
        />
        {codes ? <BackupCodeList codes={codes} /> : null}
      </section>
      <section aria-labelledby="two-factor-off-heading">
        <h2 id="two-factor-off-heading" className="h6">
          {t.turnOff}
        </h2>
        <p className="small text-body-secondary">{t.turnOffLead}</p>
        <PasswordForm
          id="two-factor-off"
          label={t.turnOff}
          submit={t.turnOff}
          busy={turnOff.isPending}
          onPassword={off}
          variant="outline-danger"
        />
      </section>
      <StatusLine outcome={outcome} />
    </>
  );
}

/**
 * The account's two-factor sign-in. The panel that turns it on stays while the first code is
 * confirmed, so the backup codes it showed stay on screen after it is on.
 */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const [settingUp, setSettingUp] = useState(!enabled);
  if (!enabled && !settingUp) setSettingUp(true);
  return (
    <>
      <p className="fw-semibold" role="status">
        {enabled ? t.statusOn : t.statusOff}
      </p>
      {settingUp ? <TurnOn /> : <WhileOn />}
      {settingUp && enabled ? (
        <Button variant="link" className="px-0 mt-3" onClick={() => setSettingUp(false)}>
          {t.manage}
        </Button>
      ) : null}
    </>
  );
}
