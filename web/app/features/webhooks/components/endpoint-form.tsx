import {
  CreateWebhookEndpointBody as CreateBody,
  type CreateWebhookEndpointBody,
  type WebhookEndpoint,
  type WebhookEndpointKind,
  type WebhookEventType,
  webhookEventLabels,
  webhookEventTypes,
} from "@agency/contract";
import { Form } from "react-bootstrap";
import { Field, FormActions } from "../../../components/field";
import { integrationsPage as t } from "../../../lib/messages";
import { useContractForm } from "../../../lib/use-contract-form";

type Fields = { url: string; description: string; events: WebhookEventType[] };

/**
 * A webhook (address, description, the events it wants) or a chat (its incoming-webhook
 * address): checked here by the contract's rules, and again on the server.
 */
export function EndpointForm({
  kind,
  editing,
  onSubmit,
  onCancel,
}: {
  kind: WebhookEndpointKind;
  editing?: WebhookEndpoint;
  onSubmit: (body: CreateWebhookEndpointBody) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const form = useContractForm({
    initial: (): Fields => ({
      url: editing?.url ?? "",
      description: editing?.description ?? "",
      events: editing?.events ?? [],
    }),
    schema: CreateBody,
    toBody: (values: Fields) => ({ kind, ...values }),
    onSubmit,
    resetAfterSubmit: !editing,
  });
  const { values, problems, set } = form;
  const prefix = editing ? `endpoint-${editing._id}` : `endpoint-new-${kind}`;
  const toggle = (type: WebhookEventType, on: boolean) =>
    set({ events: on ? [...values.events, type] : values.events.filter((event) => event !== type) });

  return (
    <Form noValidate onSubmit={form.submit} aria-label={kind === "chat" ? t.addChat : t.addWebhook}>
      <div className="row g-3">
        <Field
          className="col-12 col-md-7"
          id={`${prefix}-url`}
          label={kind === "chat" ? t.chatUrl : t.url}
          type="url"
          inputMode="url"
          value={values.url}
          onChange={(url) => set({ url })}
          problem={problems.url}
        />
        <Field
          className="col-12 col-md-5"
          id={`${prefix}-description`}
          label={t.description}
          maxLength={200}
          value={values.description}
          onChange={(description) => set({ description })}
          problem={problems.description}
        />
        {kind === "webhook" ? (
          <fieldset className="col-12">
            <legend className="fs-6 mb-2">{t.events}</legend>
            <div className="row g-1">
              {webhookEventTypes.map((type) => (
                <Form.Check
                  key={type}
                  className="col-12 col-lg-6"
                  id={`${prefix}-event-${type}`}
                  label={
                    <>
                      <code>{type}</code>{" "}
                      <span className="text-body-secondary small">{webhookEventLabels[type]}</span>
                    </>
                  }
                  checked={values.events.includes(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                  isInvalid={Boolean(problems.events)}
                />
              ))}
            </div>
            {problems.events ? <div className="invalid-feedback d-block">{problems.events}</div> : null}
          </fieldset>
        ) : null}
      </div>
      <FormActions
        busy={form.busy}
        submitLabel={editing ? t.save : t.add}
        cancelLabel={t.cancel}
        onCancel={onCancel}
      />
    </Form>
  );
}
