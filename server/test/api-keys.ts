import type { CreateApiKeyBody, CreatedApiKey } from "@agency/contract";
import type { TestAccount } from "./accounts.js";
import type { TestContext } from "./helpers.js";

/** The header a call with an API key sends. */
export function bearer(key: string): Record<string, string> {
  return { authorization: `Bearer ${key}` };
}

/** A key made on the API keys page by `by` (the owner, say), with the key as it is shown once. */
export async function makeApiKey(
  ctx: TestContext,
  by: TestAccount,
  body: Partial<CreateApiKeyBody> & { role: string },
): Promise<CreatedApiKey> {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/admin/api-keys",
    headers: { cookie: by.cookie },
    payload: { name: `Key for ${body.role}`, ...body },
  });
  if (response.statusCode !== 201) throw new Error(`key not made: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A custom role made by `by`, with these permissions; its key. */
export async function makeRole(
  ctx: TestContext,
  by: TestAccount,
  name: string,
  permissions: readonly string[],
): Promise<string> {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/team/roles",
    headers: { cookie: by.cookie },
    payload: { name, permissions },
  });
  if (response.statusCode !== 201) throw new Error(`role not made: ${response.statusCode} ${response.body}`);
  return response.json().key;
}
