import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Compresses every route's answer (JSON, HTML, SVG...) with brotli or gzip as the client accepts.
 * It hooks only routes registered after it; the web app, answered from the not-found handler,
 * sends bytes compressed ahead of time (see `sendPrecompressed`).
 *
 * Answers up to 64 KB (a page of a list at its default size, the work board) are compressed in
 * one call rather than through a zlib stream. The plugin's own bound on two cores is 8 KB, which
 * sent a page of All Orders (about 15 KB) through the stream: 0.9 ms of the server's CPU per
 * request, against about 0.35 ms in one call (docs/decisions/034).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 64 * 1024,
    ...answerCompression,
  });
}

/**
 * The levels an answer is compressed at as it is sent: brotli's quality 2 and gzip's level 2
 * rather than the plugin's 4 and zlib's 6. The work board (56 KB of JSON) took 0.36 ms at
 * brotli's 4 and 0.21 at 2, for 8.5 and 8.8 KB; 0.43 ms at gzip's 6 and 0.22 at 2, for 9.2 and
 * 10.2 KB. On the embedded database the one thread that compresses also runs every statement,
 * so the time counts for every caller (docs/decisions/043-a-young-generation-of-4-mb.md). Files
 * of the build are compressed ahead of time at the highest levels (scripts/compress-web.mjs).
 */
const answerCompression = {
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } },
  zlibOptions: { level: 2 },
};

export type Encoding = "br" | "gzip";

/**
 * The encoding to answer with, from an Accept-Encoding header: brotli when accepted, else gzip,
 * else none. A q=0 entry refuses a coding; `*` stands for any coding not listed.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.trim().split(";");
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number.parseFloat(q.slice(2)) : 1;
    weights.set(name.trim() === "x-gzip" ? "gzip" : name.trim(), Number.isNaN(weight) ? 0 : weight);
  }
  const weightOf = (coding: Encoding) => weights.get(coding) ?? weights.get("*") ?? 0;
  const best = (["br", "gzip"] as const).reduce<Encoding | undefined>(
    (chosen, coding) =>
      weightOf(coding) > 0 && (!chosen || weightOf(coding) > weightOf(chosen)) ? coding : chosen,
    undefined,
  );
  return best;
}

type Variant = { body: Buffer; etag: string };

/**
 * A document kept in memory with its brotli and gzip forms, each with its own validator. Each
 * form is made the first time a client asks for it, and then kept with the document.
 */
export type Precompressed = {
  readonly identity: Variant;
  readonly br: Variant;
  readonly gzip: Variant;
};

export function precompress(body: string, etag: string): Precompressed {
  const bytes = Buffer.from(body);
  const tagged = (suffix: string) => etag.replace(/"$/, `-${suffix}"`);
  let br: Variant | undefined;
  let gzip: Variant | undefined;
  return {
    identity: { body: bytes, etag },
    get br() {
      br ??= {
        body: brotliCompressSync(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        }),
        etag: tagged("br"),
      };
      return br;
    },
    get gzip() {
      gzip ??= { body: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }), etag: tagged("gz") };
      return gzip;
    },
  };
}

/** A validator for a body: the same bytes always get the same one. */
export function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/**
 * A value as JSON, kept with its compressed forms and validator: for answers that change only
 * when their data does, so nothing about them is worked out again per request.
 */
export function precompressJson(value: unknown): Precompressed {
  const body = JSON.stringify(value);
  return precompress(body, etagOf(body));
}

/** Sends the form of a precompressed document the client accepts (304 when it already has it). */
export function sendPrecompressed(reply: FastifyReply, document: Precompressed, type: string): FastifyReply {
  const encoding = preferredEncoding(reply.request.headers["accept-encoding"]);
  const variant = encoding ? document[encoding] : document.identity;
  reply.header("vary", "accept-encoding").header("etag", variant.etag);
  if (reply.request.headers["if-none-match"] === variant.etag) return reply.status(304).send();
  if (encoding) reply.header("content-encoding", encoding);
  return reply.type(type).send(variant.body);
}
