import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

const SPA_FALLBACK = "__spa-fallback.html";

/** Paths whose HTML was prerendered at build time (a folder holding an index.html). */
function findPrerenderedPages(root: string, base = ""): Set<string> {
  const pages = new Set<string>();
  for (const entry of readdirSync(path.join(root, base), { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== "assets") {
      for (const page of findPrerenderedPages(root, path.posix.join(base, entry.name))) pages.add(page);
    } else if (entry.name === "index.html") {
      pages.add(`/${base}`);
    }
  }
  return pages;
}

export function hasBuiltWebApp(root: string | undefined): root is string {
  return Boolean(root && existsSync(path.join(root, SPA_FALLBACK)));
}

/**
 * Serves the built web app: hashed assets cached for a year, prerendered pages as they were
 * built, and the SPA shell for every other path (the client router then shows the right screen,
 * including the not-found page).
 */
export async function registerWebApp(app: FastifyInstance, root: string) {
  const prerendered = findPrerenderedPages(root);
  await app.register(fastifyStatic, {
    root,
    index: false,
    redirect: false,
    wildcard: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });

  return function sendPage(pathname: string, reply: FastifyReply) {
    const clean = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    const file = prerendered.has(clean)
      ? path.posix.join(clean, "index.html").replace(/^\//, "")
      : SPA_FALLBACK;
    return reply.header("cache-control", "no-cache").sendFile(file);
  };
}
