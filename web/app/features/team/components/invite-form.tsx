import { InvitationBody, invitationMessages, type TeamInvitation, type TeamRole } from "@agency/contract";
import { useEffect } from "react";
import { Button, Form } from "react-bootstrap";
import { Field } from "../../../components/field";
import { teamPage as t } from "../../../lib/messages";
import { saveWithToasts } from "../../../lib/toast";
import { useContractForm } from "../../../lib/use-contract-form";
import { useInvitationActions } from "../api/invitations";
import { mayGive, type Viewer } from "../grants";

/**
 * Invites an address with a role the viewer may give (never Owner: ownership is handed over, not
 * given by mail; Admin only by the owner). An address invited already is refused by the server;
 * the form then offers to send that invitation again.
 */
export function InviteForm({
  roles,
  invitations,
  viewer,
}: {
  roles: TeamRole[];
  invitations: TeamInvitation[];
  viewer: Viewer;
}) {
  const actions = useInvitationActions();
  const offered = roles.filter((role) => mayGive(viewer, role));
  const fallback = offered.some((role) => role.key === "staff") ? "staff" : (offered[0]?.key ?? "");
  const form = useContractForm({
    initial: { email: "", role: fallback },
    schema: InvitationBody,
    onSubmit: (body) =>
      saveWithToasts(
        () => actions.send.mutateAsync(body),
        (sent) => t.invitationSent(sent.email),
      ),
    resetAfterSubmit: true,
  });
  const { values, problems, set } = form;
  // The roles and the viewer's permissions may arrive after the form: choose one it offers.
  const offeredNow = offered.some((role) => role.key === values.role);
  useEffect(() => {
    if (!offeredNow && fallback) set({ role: fallback });
  }, [offeredNow, fallback, set]);
  const waiting =
    problems.email === invitationMessages.alreadyInvited
      ? invitations.find((each) => each.email === values.email.trim().toLowerCase())
      : undefined;

  return (
    <Form noValidate onSubmit={form.submit} aria-label={t.inviteHeading}>
      <div className="row g-3 align-items-start">
        <Field
          className="col-12 col-md-6"
          id="invite-email"
          label={t.inviteEmail}
          type="email"
          autoComplete="off"
          value={values.email}
          onChange={(email) => set({ email })}
          problem={problems.email}
        />
        <Field className="col-12 col-md-3" id="invite-role" label={t.inviteRole} problem={problems.role}>
          <Form.Select
            value={values.role}
            onChange={(event) => set({ role: event.currentTarget.value })}
            isInvalid={Boolean(problems.role)}
          >
            {offered.map((role) => (
              <option key={role.key} value={role.key}>
                {role.name}
              </option>
            ))}
          </Form.Select>
        </Field>
        <div className="col-12 col-md-3 align-self-md-end">
          <Button type="submit" className="w-100" disabled={form.busy}>
            {t.sendInvitation}
          </Button>
        </div>
      </div>
      {waiting ? (
        <Button
          variant="link"
          className="px-0 mt-2"
          disabled={actions.resend.isPending}
          onClick={() =>
            void saveWithToasts(() => actions.resend.mutateAsync(waiting.id), t.resent(waiting.email)).catch(
              () => {},
            )
          }
        >
          {t.resendInstead}
        </Button>
      ) : null}
    </Form>
  );
}
