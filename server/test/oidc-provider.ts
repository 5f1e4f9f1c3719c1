import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export type LocalOidcProvider = { discoveryUrl: string; issuer: string; close(): Promise<void> };

/**
 * A real OpenID Connect provider on a local port, with its development login and consent forms:
 * any login name signs in, and that name becomes the e-mail address it reports.
 */
export async function startOidcProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): Promise<LocalOidcProvider> {
  const { createServer } = await import("node:http");
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    findAccount: async (_context: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, email: sub, email_verified: true, name: `OIDC ${sub.split("@")[0]}` }),
    }),
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Follows redirects and submits the provider's forms like a browser would, until `stopAt`. */
export async function signInAtProvider(startUrl: string, login: string, stopAt: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(startUrl);
  let method = "GET";
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step += 1) {
    if (url.href.startsWith(stopAt)) return url;
    const response = await fetch(url, {
      method,
      body,
      redirect: "manual",
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const [name, ...rest] = (pair ?? "").split("=");
      if (name) cookies.set(name.trim(), rest.join("="));
    }
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url);
      method = "GET";
      body = undefined;
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`Unexpected page at ${url}: ${response.status} ${html.slice(0, 200)}`);
    const prompt = html.match(/name="prompt" value="([^"]+)"/)?.[1] ?? "";
    body = new URLSearchParams(prompt === "login" ? { prompt, login, password: "any" } : { prompt });
    url = new URL(action, url);
    method = "POST";
  }
  throw new Error("Too many steps at the provider");
}
