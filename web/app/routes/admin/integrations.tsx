import type { CreateWebhookEndpointBody, WebhookEndpoint, WebhookEndpointKind } from "@agency/contract";
import { useState } from "react";
import { Alert, Button } from "react-bootstrap";
import { QueryView } from "../../components/query-view";
import { useWebhookEditor, useWebhookEndpoints } from "../../features/webhooks/api/webhooks";
import { EndpointCard } from "../../features/webhooks/components/endpoint-card";
import { EndpointForm } from "../../features/webhooks/components/endpoint-form";
import { integrationsPage as t } from "../../lib/messages";
import { pageTitle, siteOf } from "../../lib/site";
import { saveWithToasts } from "../../lib/toast";
import type { Route } from "./+types/integrations";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.heading, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/** DESIGN "Beyond the spec" 18: signed webhooks with their delivery log, and chat notices. */
export default function Integrations() {
  const endpoints = useWebhookEndpoints();
  const editor = useWebhookEditor();
  // A new webhook's signing secret, shown until the owner says it is copied.
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);

  async function add(body: CreateWebhookEndpointBody) {
    const created = await saveWithToasts(() => editor.create.mutateAsync(body), t.created);
    if (created.secret) setSecret({ url: created.url, secret: created.secret });
  }

  const section = (kind: WebhookEndpointKind, list: WebhookEndpoint[]) => {
    const id = `${kind}-heading`;
    const mine = list.filter((endpoint) => endpoint.kind === kind);
    return (
      <section aria-labelledby={id} className="mb-5">
        <h2 id={id} className="h5 mb-1">
          {kind === "chat" ? t.chatHeading : t.webhooksHeading}
        </h2>
        <p className="text-body-secondary">{kind === "chat" ? t.chatLead : t.webhooksLead}</p>
        <div className="card border-0 shadow-sm mb-3">
          <div className="card-body p-4">
            <h3 className="h6 mb-3">{kind === "chat" ? t.addChat : t.addWebhook}</h3>
            <EndpointForm kind={kind} onSubmit={add} />
          </div>
        </div>
        {mine.length === 0 ? (
          <p>{kind === "chat" ? t.noChats : t.noWebhooks}</p>
        ) : (
          <ul className="list-unstyled d-grid gap-3 mb-0">
            {mine.map((endpoint) => (
              <li key={endpoint._id} className="card border-0 shadow-sm">
                <div className="card-body">
                  <EndpointCard endpoint={endpoint} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  };

  return (
    <section aria-labelledby="integrations-heading">
      <h1 id="integrations-heading" className="h4 mb-1">
        {t.heading}
      </h1>
      <p className="text-body-secondary">{t.lead}</p>
      {secret ? (
        <Alert variant="warning" className="mb-4">
          <h2 className="h6">
            {t.secretHeading}: <span className="text-break">{secret.url}</span>
          </h2>
          <p className="mb-2">{t.secretNote}</p>
          <code
            className="d-block bg-white text-dark p-2 rounded text-break user-select-all mb-3"
            data-testid="signing-secret"
          >
            {secret.secret}
          </code>
          <Button size="sm" variant="outline-dark" onClick={() => setSecret(null)}>
            {t.secretDone}
          </Button>
        </Alert>
      ) : null}
      <QueryView query={endpoints} failed={t.loadFailed}>
        {({ endpoints: list }) => (
          <>
            {section("webhook", list)}
            {section("chat", list)}
          </>
        )}
      </QueryView>
    </section>
  );
}
