import type { WebhookDeliveryList, WebhookEndpoint } from "@agency/contract";
import type { TestAccount } from "../../../test/accounts.js";
import type { TestContext } from "../../../test/helpers.js";

/** The owner adds an endpoint through the API; answers it with its secret. */
export { addWebhookEndpoint as addEndpoint } from "../../../test/webhook-endpoints.js";

export async function endpointsOf(ctx: TestContext, owner: TestAccount): Promise<WebhookEndpoint[]> {
  const response = await ctx.app.inject({
    method: "GET",
    url: "/api/admin/webhooks",
    headers: { cookie: owner.cookie },
  });
  return response.json().endpoints;
}

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
