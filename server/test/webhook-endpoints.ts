import type {
  CreatedWebhookEndpoint,
  CreateWebhookEndpointBody,
  WebhookDeliveryList,
  WebhookEndpoint,
} from "@agency/contract";
import type { TestAccount } from "./accounts.js";
import type { TestContext } from "./helpers.js";

/** The owner adds a webhook or chat endpoint through the API, as the Integrations page does. */
export async function addWebhookEndpoint(
  ctx: TestContext,
  owner: TestAccount,
  body: CreateWebhookEndpointBody,
): Promise<CreatedWebhookEndpoint> {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/admin/webhooks",
    headers: { cookie: owner.cookie },
    payload: body,
  });
  if (response.statusCode !== 201)
    throw new Error(`adding the endpoint: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** The endpoints as the Integrations page lists them. */
export async function endpointsOf(ctx: TestContext, owner: TestAccount): Promise<WebhookEndpoint[]> {
  const response = await ctx.app.inject({
    method: "GET",
    url: "/api/admin/webhooks",
    headers: { cookie: owner.cookie },
  });
  return response.json().endpoints;
}

/** One endpoint's deliveries, newest first, as its delivery log shows them (`query`: the page and its size). */
export async function deliveriesOf(
  ctx: TestContext,
  owner: TestAccount,
  endpointId: string,
  query = "",
): Promise<WebhookDeliveryList> {
  const response = await ctx.app.inject({
    method: "GET",
    url: `/api/admin/webhooks/${endpointId}/deliveries${query}`,
    headers: { cookie: owner.cookie },
  });
  if (response.statusCode !== 200) throw new Error(`deliveries: ${response.statusCode} ${response.body}`);
  return response.json();
}

export const minutes = (count: number) => count * 60_000;
export const hours = (count: number) => count * 3_600_000;
