// The baseline of `npm run bench`: a bare Fastify server answering each route with the bytes the
// shop answered, so the comparison measures the shop's own work per request.
// Usage: node scripts/bench-bare.mjs <routes.json> <port>
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const [file, port] = process.argv.slice(2);
const routes = JSON.parse(readFileSync(file, "utf8"));
const app = Fastify();
for (const route of routes) {
  const body = Buffer.from(route.body, "base64");
  app.route({
    method: route.method,
    url: route.url,
    handler: (_request, reply) => reply.type(route.contentType).send(body),
  });
}
await app.listen({ port: Number(port), host: "127.0.0.1" });
console.log("ready");
