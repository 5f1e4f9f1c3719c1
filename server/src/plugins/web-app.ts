import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

const SPA_FALLBACK = "__spa-fallback.html";

/** Every file of the build, by URL path ("/assets/x.js", "/home/index.html"). */
function listFiles(root: string, base = ""): string[] {
  return readdirSync(path.join(root, base), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(base, entry.name);
    return entry.isDirectory() ? listFiles(root, relative) : [`/${relative}`];
  });
}

export function hasBuiltWebApp(root: string | undefined): root is string {
  return Boolean(root && existsSync(path.join(root, SPA_FALLBACK)));
}

/**
 * Serves the built web app: hashed assets cached for a year, prerendered pages as they were
 * built, and the SPA shell for every other path (the client router then shows the right screen,
 * including the not-found page). The build does not change while the server runs, so its file
 * list is read once.
 */
export async function registerWebApp(app: FastifyInstance, root: string) {
  const files = new Set(listFiles(root));
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false });

  return function sendWebApp(pathname: string, reply: FastifyReply) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      decoded = pathname;
    }
    if (files.has(decoded) && !decoded.endsWith(".html")) {
      const immutable = decoded.startsWith("/assets/");
      reply.header(
        "cache-control",
        immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
      return reply.sendFile(decoded.slice(1));
    }
    const page = path.posix.join("/", decoded.replace(/\/+$/, ""), "index.html");
    reply.header("cache-control", "no-cache");
    return reply.sendFile(files.has(page) ? page.slice(1) : SPA_FALLBACK);
  };
}
