import type { FastifyInstance } from "fastify";

/**
 * Answers whether the app is answering a request, or finished one less than `quietMs` ago (the
 * next one of a busy client is usually on its way). Call before the app listens.
 */
export function trackRequestsInFlight(app: FastifyInstance, quietMs = 50): () => boolean {
  let inFlight = 0;
  let lastDone = 0;
  const done = () => {
    inFlight -= 1;
    lastDone = Date.now();
  };
  app.addHook("onRequest", (_request, reply, next) => {
    inFlight += 1;
    // "close" comes once whether the answer was sent or the client went away.
    reply.raw.once("close", done);
    next();
  });
  return () => inFlight > 0 || Date.now() - lastDone < quietMs;
}
