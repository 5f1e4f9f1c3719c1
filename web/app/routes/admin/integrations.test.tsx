import { type WebhookDelivery, type WebhookEndpoint, webhookMessages } from "@agency/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { integrationsPage as t } from "../../lib/messages";
import { stubScreenWidth } from "../../test/browser-apis";
import { fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import Integrations from "./integrations";

const endpoint: WebhookEndpoint = {
  _id: "8b7e2d0c-5d0b-4a49-9a55-6d2f0d1b2c3a",
  kind: "webhook",
  url: "https://crm.example.com/hooks",
  description: "The CRM",
  events: ["order.paid"],
  enabled: true,
  disabledAt: null,
  disabledReason: null,
  failingSince: null,
  createdAt: "2026-03-04T10:00:00.000Z",
};

const delivered: WebhookDelivery = {
  _id: "1c9d7e6a-2b3c-4d5e-8f90-a1b2c3d4e5f6",
  eventId: "msg_2KWPBgLlAfxdpx2AI54pPJ85",
  eventType: "order.paid",
  status: "delivered",
  attempts: 1,
  responseStatus: 200,
  durationMs: 42,
  error: null,
  lastAttemptAt: "2026-03-04T10:05:00.000Z",
  nextAttemptAt: null,
  deliveredAt: "2026-03-04T10:05:00.000Z",
  createdAt: "2026-03-04T10:04:59.000Z",
};

function stubServer() {
  stubScreenWidth(1280);
  return fakeApi({
    "GET /api/admin/webhooks": { endpoints: [endpoint] },
    "POST /api/admin/webhooks": {
      ...endpoint,
      _id: crypto.randomUUID(),
      secret: "whsec_c2VjcmV0LWZvci10aGUtdGVzdHM=",
    },
    "GET /api/admin/webhooks/:id/deliveries": { deliveries: [delivered], total: 1 },
    "POST /api/admin/webhook-deliveries/:id/resend": {
      ...delivered,
      _id: crypto.randomUUID(),
      status: "pending",
    },
  });
}

const webhookForm = () => screen.getByRole("form", { name: t.addWebhook });

describe("the integrations page", () => {
  it("checks the address and the events before sending, and shows a new webhook's secret once", async () => {
    const api = stubServer();
    renderWithProviders(<Integrations />);
    await screen.findByText(endpoint.url);
    const form = webhookForm();
    fireEvent.change(within(form).getByLabelText(t.url), { target: { value: "ftp://crm.example.com" } });
    fireEvent.click(within(form).getByRole("button", { name: t.add }));
    expect(await within(form).findByText(webhookMessages.urlInvalid)).toBeTruthy();
    expect(within(form).getByText(webhookMessages.eventsRequired)).toBeTruthy();
    expect(api.urls("POST")).toEqual([]);

    fireEvent.change(within(form).getByLabelText(t.url), { target: { value: "https://erp.example.com/in" } });
    fireEvent.click(within(form).getByLabelText(/order\.created/));
    fireEvent.click(within(form).getByLabelText(/refund\.issued/));
    fireEvent.click(within(form).getByRole("button", { name: t.add }));
    await waitFor(() =>
      expect(api.bodies("POST /api/admin/webhooks")).toEqual([
        {
          kind: "webhook",
          url: "https://erp.example.com/in",
          description: "",
          events: ["order.created", "refund.issued"],
        },
      ]),
    );
    expect((await screen.findByTestId("signing-secret")).textContent).toBe(
      "whsec_c2VjcmV0LWZvci10aGUtdGVzdHM=",
    );
    fireEvent.click(screen.getByRole("button", { name: t.secretDone }));
    expect(screen.queryByTestId("signing-secret")).toBeNull();
  });

  it("lists an endpoint's deliveries with status, response code and duration, and sends one again", async () => {
    const api = stubServer();
    renderWithProviders(<Integrations />);
    fireEvent.click(await screen.findByRole("button", { name: t.deliveries }));
    const row = (await screen.findByText(delivered.eventId)).closest("tr") as HTMLElement;
    expect(within(row).getByText(t.statuses.delivered)).toBeTruthy();
    expect(within(row).getByText("200")).toBeTruthy();
    expect(within(row).getByText(t.milliseconds(42))).toBeTruthy();
    expect(api.urls("GET")).toContain(`/api/admin/webhooks/${endpoint._id}/deliveries?page=0&size=20`);

    fireEvent.click(within(row).getByRole("button", { name: t.resendFor(delivered.eventId) }));
    expect(await screen.findByText(t.resent)).toBeTruthy();
    expect(api.urls("POST")).toEqual([`/api/admin/webhook-deliveries/${delivered._id}/resend`]);
  });
});
