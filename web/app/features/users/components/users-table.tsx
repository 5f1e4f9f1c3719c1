import type { UserSummary } from "@agency/contract";
import { Badge, Button, Table } from "react-bootstrap";
import toast from "react-hot-toast";
import { confirmAction } from "../../../lib/alerts";
import { usersPage as t } from "../../../lib/messages";
import { formToastDurationMs, notifyError } from "../../../lib/toast";
import { useSetAdmin } from "../api/users";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

export function UsersTable({ users, firstNumber }: { users: UserSummary[]; firstNumber: number }) {
  const setAdmin = useSetAdmin();

  async function change(user: UserSummary, admin: boolean) {
    const confirmed = await confirmAction({
      title: admin ? t.makeAdminQuestion(user.email) : t.removeAdminQuestion(user.email),
      text: admin ? t.makeAdminText : t.removeAdminText,
      confirmText: admin ? t.makeAdmin : t.removeAdmin,
    });
    if (!confirmed) return;
    try {
      const { modifiedCount } = await setAdmin.mutateAsync({ email: user.email, admin });
      if (modifiedCount > 0) {
        toast.success(admin ? t.madeAdmin(user.email) : t.removedAdmin(user.email), {
          duration: formToastDurationMs,
        });
      }
    } catch {
      // SPEC §8: the same toast for a refused grant or removal.
      notifyError(t.failed);
    }
  }

  return (
    <Table responsive hover className="align-middle bg-white mb-0">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t.name}</th>
          <th scope="col">{t.email}</th>
          <th scope="col">{t.role}</th>
          <th scope="col">{t.joined}</th>
          <th scope="col">{t.action}</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user, index) => (
          <tr key={user._id}>
            <td>{firstNumber + index}</td>
            <td>{user.displayName}</td>
            <td className="text-break">{user.email}</td>
            <td>{user.role === "admin" ? <Badge bg="primary">{t.admin}</Badge> : t.customer}</td>
            <td>{dateFormat.format(new Date(user.createdAt))}</td>
            <td>
              {user.role === "admin" ? (
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
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
