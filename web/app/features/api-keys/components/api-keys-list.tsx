import type { ApiKey } from "@agency/contract";
import { Badge, Button } from "react-bootstrap";
import { type DataColumn, DataList } from "../../../components/data-list";
import { confirmAction } from "../../../lib/alerts";
import { formatDate, formatDateTime } from "../../../lib/dates";
import { apiKeysPage as t } from "../../../lib/messages";
import { saveWithToasts } from "../../../lib/toast";
import { useApiKeyActions } from "../api/api-keys";

const stateColours: Record<ApiKey["state"], string> = {
  active: "success",
  expired: "warning",
  revoked: "secondary",
  role_deleted: "warning",
  maker_removed: "warning",
  maker_suspended: "warning",
  maker_deleted: "warning",
};

/** The keys made so far: name, role, when made, until when, last used, and a way to revoke them. */
export function ApiKeysList({ keys, labelledBy }: { keys: ApiKey[]; labelledBy: string }) {
  const { revoke } = useApiKeyActions();

  async function revokeKey(key: ApiKey) {
    const confirmed = await confirmAction({
      title: t.revokeQuestion(key.name),
      text: t.revokeText,
      confirmText: t.revoke,
      destructive: true,
    });
    if (!confirmed) return;
    await saveWithToasts(() => revoke.mutateAsync(key.id), t.revokedDone(key.name)).catch(() => {});
  }

  if (keys.length === 0) return <p className="text-body-secondary">{t.none}</p>;
  const columns: DataColumn<ApiKey>[] = [
    { header: t.name, cell: (key) => key.name, className: "text-break" },
    { header: t.key, cell: (key) => <code>{key.prefix}…</code> },
    { header: t.role, cell: (key) => key.roleName ?? t.deletedRole },
    {
      header: t.created,
      cell: (key) => (
        <>
          {formatDate(key.createdAt)}{" "}
          <span className="text-body-secondary small">{t.createdBy(key.createdBy)}</span>
        </>
      ),
    },
    { header: t.expiresColumn, cell: (key) => (key.expiresAt ? formatDate(key.expiresAt) : t.noExpiry) },
    { header: t.lastUsed, cell: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t.never) },
    {
      header: t.state,
      cell: (key) => (
        <>
          <Badge bg={stateColours[key.state]} text={key.state === "active" ? undefined : "dark"}>
            {t.states[key.state]}
          </Badge>
          {key.reason ? <div className="small text-body-secondary">{key.reason}</div> : null}
        </>
      ),
    },
    {
      header: t.actions,
      cell: (key) =>
        key.state === "revoked" ? null : (
          <Button
            size="sm"
            variant="outline-danger"
            disabled={revoke.isPending}
            aria-label={`${t.revoke}: ${key.name}`}
            onClick={() => void revokeKey(key)}
          >
            {t.revoke}
          </Button>
        ),
    },
  ];
  return <DataList labelledBy={labelledBy} columns={columns} rows={keys} rowKey={(key) => key.id} />;
}
