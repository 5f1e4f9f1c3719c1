// Only the part of oidc-provider's API the tests use.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type Account = { accountId: string; claims: () => Promise<Record<string, unknown>> };
  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        clients: Record<string, unknown>[];
        claims?: Record<string, string[]>;
        findAccount: (context: unknown, sub: string) => Promise<Account>;
        features?: Record<string, unknown>;
        ttl?: Record<string, number>;
      },
    );
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
