import { isDeletedAccountEmail, type UserSummary } from "@agency/contract";
import { Badge, Button } from "react-bootstrap";
import { type DataColumn, DataList } from "../../../components/data-list";
import { confirmAction } from "../../../lib/alerts";
import { ApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/dates";
import { usersPage as t } from "../../../lib/messages";
import { notifyDone, notifyError } from "../../../lib/toast";
import { useSetAdmin } from "../api/users";

/**
 * SPEC §8: a refused role change (403) says 'Failed to make an admin. ', for a grant or a removal.
 * Any other refusal says why, e.g. that the last admin cannot lose admin access.
 */
function roleChangeFailure(error: unknown): string {
  return error instanceof ApiError && error.status !== 403 ? error.message : t.failed;
}

export function UsersList({
  users,
  firstNumber,
  labelledBy,
  ownerViewing,
}: {
  users: UserSummary[];
  firstNumber: number;
  labelledBy: string;
  /** Only the Owner makes or removes Admins (the server refuses anyone else): the others see no button. */
  ownerViewing: boolean;
}) {
  const setAdmin = useSetAdmin();

  async function change(user: UserSummary, admin: boolean) {
    const confirmed = await confirmAction({
      title: admin ? t.makeAdminQuestion(user.email) : t.removeAdminQuestion(user.email),
      text: admin ? t.makeAdminText : t.removeAdminText,
      confirmText: admin ? t.makeAdmin : t.removeAdmin,
      destructive: !admin,
    });
    if (!confirmed) return;
    try {
      const { modifiedCount } = await setAdmin.mutateAsync({ email: user.email, admin });
      if (modifiedCount > 0) {
        notifyDone(admin ? t.madeAdmin(user.email) : t.removedAdmin(user.email));
      }
    } catch (error) {
      notifyError(roleChangeFailure(error));
    }
  }

  const columns: DataColumn<UserSummary>[] = [
    { header: "#", cell: (_, index) => firstNumber + index },
    { header: t.name, cell: (user) => user.displayName },
    { header: t.email, cell: (user) => user.email, className: "text-break" },
    {
      header: t.role,
      cell: (user) =>
        user.teamRole === "owner" ? (
          <Badge bg="dark">{t.owner}</Badge>
        ) : user.role === "admin" ? (
          <Badge bg="primary">{t.admin}</Badge>
        ) : isDeletedAccountEmail(user.email) ? (
          t.deletedAccount
        ) : (
          t.customer
        ),
    },
    { header: t.joined, cell: (user) => formatDate(user.createdAt) },
    {
      header: t.action,
      cell: (user) =>
        // No one can sign in to a deleted account, so it is never made an admin (the server refuses too).
        // The Owner stays the Owner: ownership is handed over on the Team page.
        !ownerViewing ||
        user.teamRole === "owner" ||
        (isDeletedAccountEmail(user.email) && user.role !== "admin") ? null : user.role === "admin" ? (
          <Button
            size="sm"
            variant="outline-danger"
            onClick={() => void change(user, false)}
            disabled={setAdmin.isPending}
          >
            {t.removeAdmin}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => void change(user, true)}
            disabled={setAdmin.isPending}
          >
            {t.makeAdmin}
          </Button>
        ),
    },
  ];

  return <DataList labelledBy={labelledBy} columns={columns} rows={users} rowKey={(user) => user._id} />;
}
