import { useState } from "react";
import { Button } from "react-bootstrap";
import { errorMessage } from "../../../lib/api";
import { twoFactorPage as t } from "../../../lib/messages/two-factor";
import { useSignInLink } from "../api/two-factor";

/**
 * Shown on the login page when the account is locked after too many wrong passwords: a one-time
 * sign-in link to the account's address is the way in (the answer never says whether it exists).
 */
export function LockedAccount({ email, redirectTo }: { email: string; redirectTo: string }) {
  const link = useSignInLink();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function send() {
    try {
      await link.mutateAsync({ email, callbackURL: redirectTo });
      setOutcome({ ok: true, text: t.linkSent });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    }
  }

  return (
    <section className="alert alert-warning mt-3" aria-label={t.sendLink}>
      <p>{t.accountLocked}</p>
      {outcome?.ok ? null : (
        <Button variant="warning" onClick={send} disabled={link.isPending}>
          {t.sendLink}
        </Button>
      )}
      {outcome ? (
        <p className={`mt-2 mb-0 ${outcome.ok ? "" : "text-danger"}`} role={outcome.ok ? "status" : "alert"}>
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}
