import {
  type ClientRole,
  type CompanyInvitation,
  CompanyInvitationBody,
  clientRoles,
} from "@agency/contract";
import { Button, Form } from "react-bootstrap";
import { Field } from "../../../components/field";
import { clientRoleLabels, colleaguesPage as t } from "../../../lib/messages/companies";
import { saveWithToasts } from "../../../lib/toast";
import { useContractForm } from "../../../lib/use-contract-form";
import { useCompanyActions } from "../api/companies";

type Props = {
  /** Sends the invitation: the company Admin's own, or the agency's for a company it looks after. */
  send: (body: CompanyInvitationBody) => Promise<CompanyInvitation>;
  /** The form's name and its fields' ids' start. */
  label: string;
  idPrefix: string;
  texts: { email: string; role: string; submit: string; sent: (email: string) => string };
};

/** An invitation by e-mail with a client role; the server mails the link. */
export function CompanyInviteForm({ send, label, idPrefix, texts }: Props) {
  const form = useContractForm({
    initial: { email: "", role: "member" as ClientRole },
    schema: CompanyInvitationBody,
    onSubmit: async (body) => {
      await saveWithToasts(
        () => send(body),
        (sent) => texts.sent(sent.email),
      );
    },
    resetAfterSubmit: true,
  });
  const { values, problems, set } = form;
  return (
    <Form noValidate onSubmit={form.submit} aria-label={label}>
      <div className="row g-3 align-items-start">
        <Field
          className="col-12 col-md-5"
          id={`${idPrefix}-email`}
          label={texts.email}
          type="email"
          autoComplete="off"
          value={values.email}
          onChange={(email) => set({ email })}
          problem={problems.email}
        />
        <Field className="col-12 col-md-4" id={`${idPrefix}-role`} label={texts.role} problem={problems.role}>
          <Form.Select
            value={values.role}
            onChange={(event) => set({ role: event.currentTarget.value as ClientRole })}
            isInvalid={Boolean(problems.role)}
          >
            {clientRoles.map((role) => (
              <option key={role} value={role}>
                {`${clientRoleLabels[role].name}: ${clientRoleLabels[role].hint}`}
              </option>
            ))}
          </Form.Select>
        </Field>
        <div className="col-12 col-md-3 pt-md-4">
          <Button type="submit" className="w-100 mt-md-2" disabled={form.busy}>
            {texts.submit}
          </Button>
        </div>
      </div>
    </Form>
  );
}

/** A company Admin invites a colleague. */
export function InviteForm() {
  const actions = useCompanyActions();
  return (
    <CompanyInviteForm
      send={(body) => actions.invite.mutateAsync(body)}
      label={t.inviteHeading}
      idPrefix="colleague"
      texts={{ email: t.inviteEmail, role: t.inviteRole, submit: t.sendInvitation, sent: t.invitationSent }}
    />
  );
}
