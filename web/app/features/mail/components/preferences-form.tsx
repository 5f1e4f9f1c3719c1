import type { MailPreferences } from "@agency/contract";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { errorMessage } from "../../../lib/api";
import { notificationsPage as t } from "../../../lib/messages";
import { notifyError, notifySuccess } from "../../../lib/toast";
import { useSaveMailPreferences } from "../api/mail";

/**
 * Optional mail and the newsletter, saved together, and a team member's work mails. The newsletter
 * is sent only when it changed: ticking it starts a sign-up the owner confirms from a mailed link,
 * unticking it ends one.
 */
export function PreferencesForm({ preferences }: { preferences: MailPreferences }) {
  const id = useId();
  const save = useSaveMailPreferences();
  const [optionalMail, setOptionalMail] = useState(preferences.optionalMail);
  const subscribed = preferences.newsletter !== "none";
  const [newsletter, setNewsletter] = useState(subscribed);
  const [team, setTeam] = useState(preferences.team);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    try {
      await save.mutateAsync({
        optionalMail,
        ...(newsletter === subscribed ? {} : { newsletter }),
        ...(team ? { team } : {}),
      });
      notifySuccess(t.saved, "mail-preferences");
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <Form onSubmit={onSubmit} aria-label={t.heading}>
      <PreferenceSwitch
        id={`${id}-optional`}
        label={t.optionalMail}
        hint={t.optionalMailHint}
        checked={optionalMail}
        onChange={setOptionalMail}
      />
      <PreferenceSwitch
        id={`${id}-newsletter`}
        label={t.newsletter}
        hint={t.newsletterHint}
        checked={newsletter}
        onChange={setNewsletter}
      >
        {preferences.newsletter === "pending" && newsletter ? (
          <p className="alert alert-info mt-2 mb-0" role="status">
            {t.pending(preferences.email)}
          </p>
        ) : null}
      </PreferenceSwitch>
      {team ? (
        <fieldset className="mb-2">
          <legend className="h6 mb-1">{t.teamHeading}</legend>
          <p className="small text-body-secondary">{t.teamLead}</p>
          <PreferenceSwitch
            id={`${id}-order-messages`}
            label={t.orderMessages}
            hint={t.orderMessagesHint}
            checked={team.orderMessages}
            onChange={(orderMessages) => setTeam({ ...team, orderMessages })}
          />
          <PreferenceSwitch
            id={`${id}-order-assigned`}
            label={t.orderAssigned}
            hint={t.orderAssignedHint}
            checked={team.orderAssigned}
            onChange={(orderAssigned) => setTeam({ ...team, orderAssigned })}
          />
        </fieldset>
      ) : null}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t.saving : t.save}
      </Button>
    </Form>
  );
}

type SwitchProps = {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
};

function PreferenceSwitch({ id, label, hint, checked, onChange, children }: SwitchProps) {
  return (
    <Form.Group className="mb-4" controlId={id}>
      <Form.Check
        type="switch"
        role="switch"
        label={label}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        aria-describedby={`${id}-hint`}
      />
      <Form.Text id={`${id}-hint`}>{hint}</Form.Text>
      {children}
    </Form.Group>
  );
}
