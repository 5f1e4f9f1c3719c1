import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { absolutizePageUrls, type PageFacts, readPageFacts } from "./web-app-html.js";

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

type Html = { body: string; etag: string };

/** A prerendered page: its URL path ("/", "/about-us") and what the sitemap needs to know. */
export type PrerenderedPage = PageFacts & { path: string };

export type WebApp = {
  send(pathname: string, reply: FastifyReply): FastifyReply;
  pages: PrerenderedPage[];
};

function pagePath(file: string): string {
  return file.replace(/\/index\.html$/, "") || "/";
}

/**
 * Serves the built web app: hashed assets cached for a year, prerendered pages as they were
 * built (with absolute social URLs), and the SPA shell for every other path (the client router
 * then shows the right screen, including the not-found page). The build does not change while
 * the server runs, so its files are listed and its pages read once.
 */
/**
 * Whether a path belongs to one of the app's screens, from the patterns the web build wrote
 * ("/dashboard/payment/:_id"). Without that file every path counts as a screen.
 */
export function routeMatcher(patternsFile: string | undefined): (pathname: string) => boolean {
  if (!patternsFile) return () => true;
  const patterns = (JSON.parse(readFileSync(patternsFile, "utf8")) as string[]).map((pattern) => {
    const source = pattern
      .split("/")
      .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    return new RegExp(`^${source === "" ? "/" : source}/?$`, "i");
  });
  return (pathname) => patterns.some((pattern) => pattern.test(pathname));
}

export async function registerWebApp(app: FastifyInstance, root: string, publicUrl: string): Promise<WebApp> {
  const files = new Set(listFiles(root));
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false });

  const html = new Map<string, Html>();
  const pages: PrerenderedPage[] = [];
  for (const file of files) {
    if (!file.endsWith(".html")) continue;
    const raw = readFileSync(path.join(root, file), "utf8");
    const body = absolutizePageUrls(raw, publicUrl);
    html.set(file, { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` });
    if (file.endsWith("/index.html")) pages.push({ path: pagePath(file), ...readPageFacts(raw) });
  }
  pages.sort((a, b) => a.path.localeCompare(b.path));
  const spaShell = html.get(`/${SPA_FALLBACK}`);
  if (!spaShell) throw new Error(`${SPA_FALLBACK} is missing from ${root}.`);
  const fallback: Html = spaShell;
  const isAppRoute = routeMatcher(
    files.has("/route-patterns.json") ? path.join(root, "route-patterns.json") : undefined,
  );

  function send(pathname: string, reply: FastifyReply): FastifyReply {
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
    const prerendered = html.get(page);
    const document = prerendered ?? fallback;
    // The shell still shows the not-found screen; the status tells crawlers and tools the truth.
    if (!prerendered && !isAppRoute(decoded)) reply.status(404);
    reply.header("cache-control", "no-cache").header("etag", document.etag);
    if (reply.request.headers["if-none-match"] === document.etag) return reply.status(304).send();
    return reply.type("text/html; charset=utf-8").send(document.body);
  }

  return { send, pages };
}
