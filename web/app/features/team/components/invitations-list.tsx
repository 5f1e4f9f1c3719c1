import type { TeamInvitation } from "@agency/contract";
import { Badge, Button } from "react-bootstrap";
import { type DataColumn, DataList } from "../../../components/data-list";
import { confirmAction } from "../../../lib/alerts";
import { formatDate } from "../../../lib/dates";
import { teamPage as t } from "../../../lib/messages";
import { saveWithToasts } from "../../../lib/toast";
import { useInvitationActions } from "../api/invitations";

/** The invitations still open: sent again with a new link, or revoked. */
export function InvitationsList({
  invitations,
  labelledBy,
}: {
  invitations: TeamInvitation[];
  labelledBy: string;
}) {
  const actions = useInvitationActions();
  const busy = actions.resend.isPending || actions.revoke.isPending;

  async function revoke(invitation: TeamInvitation) {
    const confirmed = await confirmAction({
      title: t.revokeQuestion(invitation.email),
      text: t.revokeText,
      confirmText: t.revoke,
      destructive: true,
    });
    if (!confirmed) return;
    await saveWithToasts(
      () => actions.revoke.mutateAsync(invitation.id),
      t.revokedDone(invitation.email),
    ).catch(() => {});
  }

  if (invitations.length === 0) return <p className="text-body-secondary">{t.noInvitations}</p>;
  const columns: DataColumn<TeamInvitation>[] = [
    { header: t.email, cell: (invitation) => invitation.email, className: "text-break" },
    { header: t.role, cell: (invitation) => invitation.roleName },
    { header: t.invitedBy, cell: (invitation) => invitation.invitedBy },
    {
      header: t.expires,
      cell: (invitation) =>
        invitation.expired ? (
          <Badge bg="warning" text="dark">
            {t.expired}
          </Badge>
        ) : (
          formatDate(invitation.expiresAt)
        ),
    },
    {
      header: t.actions,
      cell: (invitation) => (
        <div className="d-flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline-primary"
            disabled={busy}
            aria-label={`${t.resend}: ${invitation.email}`}
            onClick={() =>
              void saveWithToasts(
                () => actions.resend.mutateAsync(invitation.id),
                t.resent(invitation.email),
              ).catch(() => {})
            }
          >
            {t.resend}
          </Button>
          <Button
            size="sm"
            variant="outline-danger"
            disabled={busy}
            aria-label={`${t.revoke}: ${invitation.email}`}
            onClick={() => void revoke(invitation)}
          >
            {t.revoke}
          </Button>
        </div>
      ),
    },
  ];
  return (
    <DataList
      labelledBy={labelledBy}
      columns={columns}
      rows={invitations}
      rowKey={(invitation) => invitation.id}
    />
  );
}
