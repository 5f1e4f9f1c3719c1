import type { MailPreferences } from "@agency/contract";
import { type FormEvent, useId, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { errorMessage } from "../../../lib/api";
import { notificationsPage as t } from "../../../lib/messages";
import { notifyError, notifySuccess } from "../../../lib/toast";
import { useSaveMailPreferences } from "../api/preferences";

/**
 * Optional mail and the newsletter, saved together. The newsletter is sent only when it changed:
 * ticking it starts a sign-up the owner confirms from a mailed link, unticking it ends one.
 */
export function PreferencesForm({ preferences }: { preferences: MailPreferences }) {
  const id = useId();
  const save = useSaveMailPreferences();
  const [optionalMail, setOptionalMail] = useState(preferences.optionalMail);
  const subscribed = preferences.newsletter !== "none";
  const [newsletter, setNewsletter] = useState(subscribed);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    try {
      await save.mutateAsync({
        optionalMail,
        ...(newsletter === subscribed ? {} : { newsletter }),
      });
      notifySuccess(t.saved, "mail-preferences");
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <Form onSubmit={onSubmit} aria-label={t.heading}>
      <Form.Group className="mb-4" controlId={`${id}-optional`}>
        <Form.Check
          type="switch"
          role="switch"
          label={t.optionalMail}
          checked={optionalMail}
          onChange={(event) => setOptionalMail(event.currentTarget.checked)}
          aria-describedby={`${id}-optional-hint`}
        />
        <Form.Text id={`${id}-optional-hint`}>{t.optionalMailHint}</Form.Text>
      </Form.Group>
      <Form.Group className="mb-4" controlId={`${id}-newsletter`}>
        <Form.Check
          type="switch"
          role="switch"
          label={t.newsletter}
          checked={newsletter}
          onChange={(event) => setNewsletter(event.currentTarget.checked)}
          aria-describedby={`${id}-newsletter-hint`}
        />
        <Form.Text id={`${id}-newsletter-hint`}>{t.newsletterHint}</Form.Text>
        {preferences.newsletter === "pending" && newsletter ? (
          <p className="alert alert-info mt-2 mb-0" role="status">
            {t.pending(preferences.email)}
          </p>
        ) : null}
      </Form.Group>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t.saving : t.save}
      </Button>
    </Form>
  );
}
