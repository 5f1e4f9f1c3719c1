import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { headers: IncomingHttpHeaders; body: string; at: number };

/** How the receiver answers one request: a status, after a pause, or never (it hangs). */
export type Answer = { status?: number; delayMs?: number; hang?: boolean };

/**
 * A webhook receiver on this machine, as the owner's server would be: it records every request
 * and answers each with the next of the answers given (then 200).
 */
export async function startReceiver(options: { onRequest?: (received: Received) => void } = {}) {
  const requests: Received[] = [];
  const answers: Answer[] = [];
  let fallback: Answer = { status: 200 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const received = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      requests.push(received);
      options.onRequest?.(received);
      const answer = answers.shift() ?? fallback;
      if (answer.hang) return;
      setTimeout(() => {
        response.writeHead(answer.status ?? 200, { "content-type": "text/plain" });
        response.end("ok");
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    requests,
    /** The next requests are answered so, in turn. */
    answer(...next: Answer[]) {
      answers.push(...next);
    },
    /** Every request from now on is answered so (once the queued answers are used). */
    always(answer: Answer) {
      fallback = answer;
    },
    /** The events received, parsed, in the order they arrived. */
    events(): { id: string; type: string; data: Record<string, unknown> }[] {
      return requests.map((request) => JSON.parse(request.body));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
