import { type FormEvent, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { Field } from "../../../components/field";
import { ApiError, errorMessage } from "../../../lib/api";
import { accountMessages } from "../../../lib/messages";
import { twoFactorPage as t } from "../../../lib/messages/two-factor";
import { notifyFormSuccess } from "../../../lib/toast";
import { useSignInCode } from "../api/two-factor";

const FORM_ID = "login";
const wrongCodeReasons = new Set(["INVALID_CODE", "INVALID_BACKUP_CODE"]);

/**
 * The login page's second step: the code from the authenticator app, or a backup code (each
 * works once). A challenge that expired or ran out of tries starts over with the password.
 */
export function CodeStep({ onSignedIn, onStartOver }: { onSignedIn: () => void; onStartOver: () => void }) {
  const verify = useSignInCode();
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) return;
    try {
      await verify.mutateAsync(code);
      notifyFormSuccess(accountMessages.loginSuccess, FORM_ID);
      onSignedIn();
    } catch (error) {
      const reason = error instanceof ApiError ? error.reason : undefined;
      setProblem(reason && wrongCodeReasons.has(reason) ? t.wrongCode : errorMessage(error));
      setCode("");
    }
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t.codeHeading}>
      <h2 className="h5">{t.codeHeading}</h2>
      <p className="text-body-secondary">{t.codePrompt}</p>
      <Field
        className="mb-3"
        id="login-code"
        label={t.signInCode}
        autoComplete="one-time-code"
        maxLength={32}
        value={code}
        onChange={setCode}
      />
      {problem ? (
        <p className="alert alert-danger" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="d-grid gap-2">
        <Button type="submit" disabled={verify.isPending || !code.trim()}>
          {t.verify}
        </Button>
        <Button variant="link" onClick={onStartOver}>
          {t.startOver}
        </Button>
      </div>
    </Form>
  );
}
