import {
  type Permission,
  permissionLabels,
  permissions,
  type TeamRole,
  TeamRoleBody,
} from "@agency/contract";
import { Button, Form } from "react-bootstrap";
import { Field } from "../../../components/field";
import { teamPage as t } from "../../../lib/messages";
import { useContractForm } from "../../../lib/use-contract-form";

type Fields = { name: string; permissions: Permission[] };

const empty: Fields = { name: "", permissions: [] };

/**
 * A custom role: its name and a box per permission, checked by the contract's rules here and again
 * on the server (which says so under the name when it is taken). Only the permissions the viewer
 * holds (`held`) can be ticked: nobody grants what they do not hold.
 */
export function RoleForm({
  editing,
  held = permissions,
  onSubmit,
  onDelete,
  onCancel,
}: {
  editing?: TeamRole;
  held?: readonly Permission[];
  onSubmit: (body: TeamRoleBody) => Promise<unknown>;
  onDelete?: () => void;
  onCancel?: () => void;
}) {
  const form = useContractForm({
    initial: editing ? { name: editing.name, permissions: editing.permissions } : empty,
    schema: TeamRoleBody,
    fieldOf: (path) => (path.startsWith("permissions") ? "permissions" : path),
    onSubmit,
    resetAfterSubmit: !editing,
  });
  const { values, problems, set } = form;
  const prefix = editing ? `role-${editing.key}` : "role-new";

  function toggle(permission: Permission, checked: boolean) {
    const chosen = new Set(values.permissions);
    if (checked) chosen.add(permission);
    else chosen.delete(permission);
    // In the contract's order, whatever order they were ticked in.
    set({ permissions: permissions.filter((each) => chosen.has(each)) });
  }

  return (
    <Form noValidate onSubmit={form.submit} aria-label={editing ? editing.name : t.addRole}>
      <Field
        className="mb-3"
        id={`${prefix}-name`}
        label={t.roleName}
        value={values.name}
        maxLength={60}
        onChange={(name) => set({ name })}
        problem={problems.name}
      />
      <fieldset aria-describedby={problems.permissions ? `${prefix}-permissions-problem` : undefined}>
        <legend className="form-label fs-6">{t.permissions}</legend>
        <div className="row g-1">
          {permissions.map((permission) => (
            <Form.Check
              key={permission}
              className="col-12 col-lg-6"
              id={`${prefix}-${permission}`}
              label={permissionLabels[permission]}
              checked={values.permissions.includes(permission)}
              disabled={!held.includes(permission)}
              onChange={(event) => toggle(permission, event.currentTarget.checked)}
              isInvalid={Boolean(problems.permissions)}
            />
          ))}
        </div>
        {problems.permissions ? (
          <div id={`${prefix}-permissions-problem`} className="invalid-feedback d-block">
            {problems.permissions}
          </div>
        ) : null}
      </fieldset>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button type="submit" disabled={form.busy}>
          {editing ? t.save : t.createRole}
        </Button>
        {onDelete ? (
          <Button variant="outline-danger" onClick={onDelete} disabled={form.busy}>
            {t.deleteRole}
          </Button>
        ) : null}
        {onCancel ? (
          <Button variant="outline-secondary" onClick={onCancel}>
            {t.cancel}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
