import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { type AddressRules, hostOf, resolveTarget } from "./addresses.js";

/** What one attempt came to: the answer's status (none when it never came) and how long it took. */
export type PostOutcome = { ok: boolean; status: number | null; durationMs: number; error: string | null };

/**
 * Connections are kept open between deliveries to the same receiver. Each new one connects to an
 * address checked for its own request, so a kept connection only ever leads to a checked address.
 */
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/** The most of an answer's body read (and then dropped): receivers should answer quickly and briefly. */
const maxAnswerBytes = 64 * 1024;

/**
 * A lookup that answers with the one address already resolved and checked, in whichever form the
 * socket asks for (a list when it tries several families).
 */
function pinnedLookup(target: { address: string; family: number }): LookupFunction {
  return (_host, options, callback) => {
    if (options.all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
}

/**
 * POSTs `body` to `url` at the address the rules allow, answering how it went: a 2xx answer within
 * `timeoutMs` is a success; any other status, a redirect, a refused address, a network error or
 * no answer in time is a failure. Redirects are not followed (they could lead anywhere).
 */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { rules: AddressRules; timeoutMs: number; userAgent: string },
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: URL;
  try {
    target = new URL(url);
    const address = await resolveTarget(target, options.rules);
    const status = await send(target, address, body, headers, options);
    const ok = status >= 200 && status < 300;
    return { ok, status, durationMs: elapsed(), error: ok ? null : `The receiver answered ${status}.` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, status: null, durationMs: elapsed(), error: message };
  }
}

function send(
  url: URL,
  address: { address: string; family: number },
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; userAgent: string },
): Promise<number> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: "POST",
      // The checked address, while the Host header and TLS name stay the URL's own.
      lookup: pinnedLookup(address),
      servername: url.protocol === "https:" ? hostOf(url) : undefined,
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        "user-agent": options.userAgent,
      },
      agent: agents[url.protocol === "https:" ? "https:" : "http:"],
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`No answer within ${options.timeoutMs / 1000} s.`)),
      options.timeoutMs,
    );
    request.on("response", (response) => {
      let read = 0;
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > maxAnswerBytes) response.destroy();
      });
      const done = () => {
        clearTimeout(timer);
        resolve(response.statusCode ?? 0);
      };
      response.on("end", done);
      response.on("close", done);
      response.on("error", done);
    });
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}
