import http from "node:http";
import type { AddressInfo } from "node:net";

const idempotent = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/**
 * A small round-robin reverse proxy, as a load balancer in front of several instances behaves: a
 * request that cannot reach one instance goes to the next. Idempotent requests are retried on any
 * failure before an answer; others only when the connection was refused (never sent, so never
 * acted on), so an order is never placed twice.
 *
 * By default every request opens a connection of its own to its instance (an instance that died is
 * noticed on the next request). With `keepAlive`, connections to the instances are reused, as a
 * load balancer under steady traffic does (the benchmark across instances uses it).
 */
export async function startProxy(
  targets: string[],
  listenOn = 0,
  options: { keepAlive?: boolean } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  const agent = options.keepAlive ? new http.Agent({ keepAlive: true, maxSockets: 256 }) : undefined;
  const connection = options.keepAlive ? "keep-alive" : "close";
  const forward = (target: string, request: http.IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const upstream = http.request(
        new URL(request.url ?? "/", target),
        { method: request.method, headers: { ...request.headers, connection }, agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 502,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
          response.on("error", reject);
        },
      );
      upstream.on("error", reject);
      upstream.end(body);
    });

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const start = next++;
    for (let attempt = 0; attempt < targets.length; attempt += 1) {
      const target = targets[(start + attempt) % targets.length] as string;
      try {
        const answer = await forward(target, request, body);
        response.writeHead(answer.status, answer.headers);
        response.end(answer.body);
        return;
      } catch (error) {
        const refused = (error as NodeJS.ErrnoException).code === "ECONNREFUSED";
        if (!refused && !idempotent.has(request.method ?? "")) break;
      }
    }
    response.writeHead(502, { "content-type": "application/json" });
    response.end(JSON.stringify({ error: { code: "internal", message: "No instance answered." } }));
  });
  await new Promise<void>((resolve) => server.listen(listenOn, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent?.destroy();
        server.close(() => resolve());
      }),
  };
}
