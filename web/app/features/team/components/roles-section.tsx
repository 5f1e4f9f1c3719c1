import { permissionLabels, type TeamRole } from "@agency/contract";
import { useState } from "react";
import { Badge, Button } from "react-bootstrap";
import { QueryView } from "../../../components/query-view";
import { confirmAction } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api";
import { teamPage as t } from "../../../lib/messages";
import { notifyDone, notifyError, saveWithToasts } from "../../../lib/toast";
import { useRoleEditor, useTeamRoles } from "../api/roles";
import { mayEdit, type Viewer } from "../grants";
import { RoleForm } from "./role-form";

/** A role as it is: built in, or one the viewer may not edit (theirs, or with more than theirs). */
function FixedRole({ role }: { role: TeamRole }) {
  return (
    <>
      <p className="fw-semibold mb-1">
        {role.name} {role.builtIn ? <Badge bg="secondary">{t.builtIn}</Badge> : null}{" "}
        <span className="small text-body-secondary fw-normal">{t.memberCount(role.members)}</span>
      </p>
      <ul className="small text-body-secondary mb-0 ps-3">
        {role.permissions.map((permission) => (
          <li key={permission}>{permissionLabels[permission]}</li>
        ))}
      </ul>
    </>
  );
}

/**
 * The roles: the built-in ones as they are, the shop's own ones editable by whoever holds all
 * their permissions (but not by those who hold the role), and a way to add one of the viewer's
 * permissions.
 */
export function RolesSection({ labelledBy, viewer }: { labelledBy: string; viewer: Viewer }) {
  const roles = useTeamRoles();
  const editor = useRoleEditor();
  const [adding, setAdding] = useState(false);

  async function remove(role: TeamRole) {
    const confirmed = await confirmAction({
      title: t.deleteRoleQuestion(role.name),
      text: t.deleteRoleText,
      confirmText: t.deleteRole,
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await editor.remove.mutateAsync(role.key);
      notifyDone(t.roleDeleted(role.name));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <QueryView query={roles} failed={t.rolesFailed}>
      {({ roles: list }) => (
        <>
          <ul className="list-unstyled d-grid gap-3 mb-3" aria-labelledby={labelledBy}>
            {list.map((role) => (
              <li key={role.key} className="card border-0 shadow-sm">
                <div className="card-body">
                  {role.builtIn || !mayEdit(viewer, role) ? (
                    <FixedRole role={role} />
                  ) : (
                    <>
                      <p className="small text-body-secondary mb-2">{t.memberCount(role.members)}</p>
                      <RoleForm
                        editing={role}
                        held={viewer.permissions}
                        onSubmit={(body) =>
                          saveWithToasts(
                            () => editor.update.mutateAsync({ key: role.key, body }),
                            (saved) => t.roleSaved(saved.name),
                          )
                        }
                        onDelete={() => void remove(role)}
                      />
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {adding ? (
            <div className="card border-0 shadow-sm">
              <div className="card-body">
                <h3 className="h6">{t.addRole}</h3>
                <RoleForm
                  held={viewer.permissions}
                  onSubmit={async (body) => {
                    await saveWithToasts(
                      () => editor.create.mutateAsync(body),
                      (created) => t.roleCreated(created.name),
                    );
                    setAdding(false);
                  }}
                  onCancel={() => setAdding(false)}
                />
              </div>
            </div>
          ) : (
            <Button variant="outline-primary" onClick={() => setAdding(true)}>
              {t.addRole}
            </Button>
          )}
        </>
      )}
    </QueryView>
  );
}
