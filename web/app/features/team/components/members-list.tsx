import type { TeamMember, TeamRole } from "@agency/contract";
import { Badge, Button, Form } from "react-bootstrap";
import { type DataColumn, DataList } from "../../../components/data-list";
import { confirmAction } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api";
import { formatDateTime } from "../../../lib/dates";
import { teamPage as t } from "../../../lib/messages";
import { notifyDone, notifyError } from "../../../lib/toast";
import { useMemberActions } from "../api/members";
import { mayGive, mayTouch, type Viewer } from "../grants";

/** Who is looking at the page: their own row has no actions, and only the owner hands the shop over. */
export type { Viewer };

/**
 * The team's members: each one's role (changed from the list), whether they may sign in, and what
 * may be done to them. The owner's row changes only by handing the shop over; a member the viewer
 * may not touch (an Admin but for the owner, a role with more than theirs) shows no controls, and
 * only the roles the viewer may give are offered.
 */
export function MembersList({
  members,
  roles,
  viewer,
  labelledBy,
}: {
  members: TeamMember[];
  roles: TeamRole[];
  viewer: Viewer;
  labelledBy: string;
}) {
  const actions = useMemberActions();
  const busy = Object.values(actions).some((action) => action.isPending);
  const assignable = roles.filter((role) => mayGive(viewer, role));
  const touchable = (member: TeamMember) => mayTouch(viewer, member, roles);

  async function run(work: () => Promise<unknown>, done: string) {
    try {
      await work();
      notifyDone(done);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  async function changeRole(member: TeamMember, role: string) {
    const name = roles.find((each) => each.key === role)?.name ?? role;
    await run(
      () => actions.changeRole.mutateAsync({ id: member.id, role }),
      t.roleChanged(member.name, name),
    );
  }

  async function ask(title: string, text: string, confirmText: string, destructive = true) {
    return confirmAction({ title, text, confirmText, destructive });
  }

  async function suspend(member: TeamMember) {
    if (!(await ask(t.suspendQuestion(member.name), t.suspendText, t.suspend))) return;
    await run(() => actions.suspend.mutateAsync(member.id), t.suspendedDone(member.name));
  }

  async function remove(member: TeamMember) {
    if (!(await ask(t.removeQuestion(member.name), t.removeText, t.remove))) return;
    await run(() => actions.remove.mutateAsync(member.id), t.removedDone(member.name));
  }

  async function makeOwner(member: TeamMember) {
    if (!(await ask(t.makeOwnerQuestion(member.name), t.makeOwnerText, t.makeOwner))) return;
    await run(() => actions.handOver.mutateAsync(member.id), t.ownerChanged(member.name));
  }

  const roleCell = (member: TeamMember) => {
    // Nobody changes their own role from here: one slip could lock them out of this page.
    if (member.suspended || !touchable(member)) return member.roleName;
    return (
      <Form.Select
        size="sm"
        aria-label={t.roleOf(member.name)}
        value={member.role}
        disabled={busy}
        onChange={(event) => void changeRole(member, event.currentTarget.value)}
      >
        {/* A role the list no longer has (deleted meanwhile) stays shown until changed. */}
        {assignable.some((role) => role.key === member.role) ? null : (
          <option value={member.role}>{member.roleName}</option>
        )}
        {assignable.map((role) => (
          <option key={role.key} value={role.key}>
            {role.name}
          </option>
        ))}
      </Form.Select>
    );
  };

  const actionsCell = (member: TeamMember) => {
    if (!touchable(member)) return null;
    return (
      <div className="d-flex flex-wrap gap-2">
        {member.suspended ? (
          <Button
            size="sm"
            variant="outline-success"
            disabled={busy}
            onClick={() =>
              void run(() => actions.unsuspend.mutateAsync(member.id), t.unsuspendedDone(member.name))
            }
          >
            {t.unsuspend}
          </Button>
        ) : (
          <Button size="sm" variant="outline-warning" disabled={busy} onClick={() => void suspend(member)}>
            {t.suspend}
          </Button>
        )}
        <Button size="sm" variant="outline-danger" disabled={busy} onClick={() => void remove(member)}>
          {t.remove}
        </Button>
        {viewer.role === "owner" && !member.suspended ? (
          <Button size="sm" variant="outline-primary" disabled={busy} onClick={() => void makeOwner(member)}>
            {t.makeOwner}
          </Button>
        ) : null}
      </div>
    );
  };

  const columns: DataColumn<TeamMember>[] = [
    {
      header: t.name,
      cell: (member) => (member.id === viewer.id ? `${member.name} ${t.you}` : member.name),
    },
    { header: t.email, cell: (member) => member.email, className: "text-break" },
    { header: t.role, cell: roleCell },
    {
      header: t.status,
      cell: (member) =>
        member.suspended ? (
          <Badge bg="secondary">{t.suspended}</Badge>
        ) : (
          <Badge bg="success">{t.active}</Badge>
        ),
    },
    {
      header: t.lastSignIn,
      cell: (member) => (member.lastSignInAt ? formatDateTime(member.lastSignInAt) : t.never),
    },
    { header: t.actions, cell: actionsCell },
  ];

  return <DataList labelledBy={labelledBy} columns={columns} rows={members} rowKey={(member) => member.id} />;
}
