// The proxies of `npm run bench:web`, through which Lighthouse loads each page with its scripts and
// without them (the no-JS variant), so both variants' HTML is compressed alike.
import http from "node:http";
import { brotliCompressSync } from "node:zlib";

/** The HTML without its scripts: what the same page paints with JavaScript turned off. */
function withoutScripts(html) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "");
}

/**
 * A local proxy in front of the server, one per variant: pages are fetched uncompressed, the
 * no-JS variant's scripts removed, and sent on compressed (brotli) alike; everything else passes
 * through untouched.
 */
export function startProxy(upstream, { scripts }) {
  const target = new URL(upstream);
  const proxy = http.createServer((request, response) => {
    const isPage = (request.headers.accept ?? "").includes("text/html");
    const headers = { ...request.headers, host: target.host };
    if (isPage) headers["accept-encoding"] = "identity";
    const forwarded = http.request(
      { host: target.hostname, port: target.port, path: request.url, method: request.method, headers },
      (answer) => {
        const type = answer.headers["content-type"] ?? "";
        if (!isPage || !type.startsWith("text/html")) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks = [];
        answer.on("data", (chunk) => chunks.push(chunk));
        answer.on("end", () => {
          const html = Buffer.concat(chunks).toString("utf8");
          const body = brotliCompressSync(Buffer.from(scripts ? html : withoutScripts(html)));
          const {
            "content-length": _length,
            "transfer-encoding": _chunked,
            etag: _etag,
            ...rest
          } = answer.headers;
          response.writeHead(answer.statusCode ?? 502, {
            ...rest,
            "content-encoding": "br",
            "content-length": body.length,
          });
          response.end(body);
        });
      },
    );
    request.pipe(forwarded);
  });
  return new Promise((resolve) => {
    proxy.listen(0, "127.0.0.1", () => {
      const { port } = proxy.address();
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => proxy.close(done)) });
    });
  });
}
