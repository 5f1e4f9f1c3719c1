import { type ApiKeyRole, CreateApiKeyBody, type CreatedApiKey } from "@agency/contract";
import { useState } from "react";
import { Button, Form } from "react-bootstrap";
import { Field } from "../../../components/field";
import { apiKeysPage as t } from "../../../lib/messages";
import { saveWithToasts } from "../../../lib/toast";
import { useContractForm } from "../../../lib/use-contract-form";
import { useApiKeyActions } from "../api/api-keys";
import { ShownOnceDialog } from "./shown-once-dialog";

/**
 * Makes a key with a name, a role (the server offers those within the caller's own permissions,
 * never the owner's) and an optional last day; the key is then shown once, in a dialog with a way
 * to copy it.
 */
export function CreateKeyForm({ roles }: { roles: ApiKeyRole[] }) {
  const actions = useApiKeyActions();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const form = useContractForm({
    initial: {
      name: "",
      role: roles.some((role) => role.key === "staff") ? "staff" : (roles[0]?.key ?? ""),
      expiresOn: "",
    },
    schema: CreateApiKeyBody,
    toBody: ({ name, role, expiresOn }) => ({ name, role, expiresAt: expiresOn || null }),
    fieldOf: (path) => (path === "expiresAt" ? "expiresOn" : path),
    onSubmit: async (body) => {
      const made = await saveWithToasts(
        () =>
          actions.create.mutateAsync({
            name: body.name,
            role: body.role,
            expiresAt: body.expiresAt ? body.expiresAt.toISOString() : null,
          }),
        (key) => t.made(key.name),
      );
      setCreated(made);
    },
    resetAfterSubmit: true,
  });
  const { values, problems, set } = form;

  return (
    <>
      <Form noValidate onSubmit={form.submit} aria-label={t.createHeading}>
        <div className="row g-3 align-items-start">
          <Field
            className="col-12 col-md-4"
            id="api-key-name"
            label={t.name}
            help={t.nameHelp}
            autoComplete="off"
            maxLength={60}
            value={values.name}
            onChange={(name) => set({ name })}
            problem={problems.name}
          />
          <Field
            className="col-12 col-md-3"
            id="api-key-role"
            label={t.role}
            help={t.roleHelp}
            problem={problems.role}
          >
            <Form.Select
              value={values.role}
              onChange={(event) => set({ role: event.currentTarget.value })}
              isInvalid={Boolean(problems.role)}
            >
              {roles.map((role) => (
                <option key={role.key} value={role.key}>
                  {role.name}
                </option>
              ))}
            </Form.Select>
          </Field>
          <Field
            className="col-12 col-md-3"
            id="api-key-expires"
            label={t.expires}
            help={t.expiresHelp}
            type="date"
            value={values.expiresOn}
            onChange={(expiresOn) => set({ expiresOn })}
            problem={problems.expiresOn}
          />
          <div className="col-12 col-md-2 pt-md-4">
            <Button type="submit" className="w-100 mt-md-2" disabled={form.busy}>
              {t.create}
            </Button>
          </div>
        </div>
      </Form>
      <ShownOnceDialog created={created} onDone={() => setCreated(null)} />
    </>
  );
}
