import type { CreatedWebhookEndpoint, CreateWebhookEndpointBody } from "@agency/contract";
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
