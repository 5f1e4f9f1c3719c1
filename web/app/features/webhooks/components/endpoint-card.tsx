import type { WebhookEndpoint } from "@agency/contract";
import { useState } from "react";
import { Badge, Button } from "react-bootstrap";
import { confirmAndDelete } from "../../../lib/alerts";
import { formatDateTime } from "../../../lib/dates";
import { integrationsPage as t } from "../../../lib/messages";
import { saveWithToasts } from "../../../lib/toast";
import { useWebhookEditor } from "../api/webhooks";
import { DeliveriesList } from "./deliveries-list";
import { EndpointForm } from "./endpoint-form";

/** One endpoint: where it sends and what, whether it is on, and its deliveries on demand. */
export function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const editor = useWebhookEditor();
  const [editing, setEditing] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const name = endpoint.description || endpoint.url;

  if (editing) {
    return (
      <EndpointForm
        kind={endpoint.kind}
        editing={endpoint}
        onSubmit={async (body) => {
          const { kind: _kind, ...changes } = body;
          await saveWithToasts(() => editor.update.mutateAsync({ id: endpoint._id, body: changes }), t.saved);
          setEditing(false);
        }}
        onCancel={() => setEditing(false)}
      />
    );
  }

  return (
    <div>
      <div className="d-flex flex-wrap gap-3 align-items-start">
        <div className="flex-grow-1" style={{ minWidth: 0 }}>
          <p className="fw-semibold mb-1 text-break">
            {endpoint.url}{" "}
            <Badge bg={endpoint.enabled ? "success" : "secondary"}>{endpoint.enabled ? t.on : t.off}</Badge>
          </p>
          {endpoint.description ? <p className="mb-1">{endpoint.description}</p> : null}
          {endpoint.kind === "webhook" ? (
            <p className="small text-body-secondary mb-1">
              {endpoint.events.map((event) => (
                <code key={event} className="me-2">
                  {event}
                </code>
              ))}
            </p>
          ) : null}
          {endpoint.disabledReason ? (
            <p className="small text-danger mb-1">{endpoint.disabledReason}</p>
          ) : null}
          {endpoint.enabled && endpoint.failingSince ? (
            <p className="small text-warning-emphasis mb-1">
              {t.failingSince(formatDateTime(endpoint.failingSince))}
            </p>
          ) : null}
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline-primary"
            aria-expanded={showDeliveries}
            onClick={() => setShowDeliveries(!showDeliveries)}
          >
            {showDeliveries ? t.hideDeliveries : t.deliveries}
          </Button>
          <Button
            size="sm"
            variant={endpoint.enabled ? "outline-secondary" : "outline-success"}
            onClick={() =>
              saveWithToasts(
                () => editor.update.mutateAsync({ id: endpoint._id, body: { enabled: !endpoint.enabled } }),
                t.saved,
              ).catch(() => {})
            }
          >
            {endpoint.enabled ? t.turnOff : t.turnOn}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => setEditing(true)}>
            {t.edit}
          </Button>
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={`${t.remove} ${name}`}
            onClick={() =>
              confirmAndDelete(
                { title: t.removeConfirm(endpoint.url), confirmText: t.remove },
                () => editor.remove.mutateAsync(endpoint._id),
                t.removed,
              )
            }
          >
            {t.remove}
          </Button>
        </div>
      </div>
      {showDeliveries ? <DeliveriesList endpoint={endpoint} /> : null}
    </div>
  );
}
