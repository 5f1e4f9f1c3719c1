import { type ClientRole, CompanyInvitationBody, clientRoles } from "@agency/contract";
import { Button, Form } from "react-bootstrap";
import { Field } from "../../../components/field";
import { clientRoleLabels, colleaguesPage as t } from "../../../lib/messages/companies";
import { saveWithToasts } from "../../../lib/toast";
import { useContractForm } from "../../../lib/use-contract-form";
import { useCompanyActions } from "../api/companies";

/** A company Admin invites a colleague by e-mail with a client role; the server mails the link. */
export function InviteForm() {
  const actions = useCompanyActions();
  const form = useContractForm({
    initial: { email: "", role: "member" as ClientRole },
    schema: CompanyInvitationBody,
    onSubmit: async (body) => {
      await saveWithToasts(
        () => actions.invite.mutateAsync(body),
        (sent) => t.invitationSent(sent.email),
      );
    },
    resetAfterSubmit: true,
  });
  const { values, problems, set } = form;
  return (
    <Form noValidate onSubmit={form.submit} aria-label={t.inviteHeading}>
      <div className="row g-3 align-items-start">
        <Field
          className="col-12 col-md-5"
          id="colleague-email"
          label={t.inviteEmail}
          type="email"
          autoComplete="off"
          value={values.email}
          onChange={(email) => set({ email })}
          problem={problems.email}
        />
        <Field className="col-12 col-md-4" id="colleague-role" label={t.inviteRole} problem={problems.role}>
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
            {t.sendInvitation}
          </Button>
        </div>
      </div>
    </Form>
  );
}
