import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Config } from "../config.js";
import { AppError } from "../errors.js";
import { type Precompressed, precompress, sendPrecompressed } from "./compression.js";
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

/**
 * Serves the built web app: hashed assets cached for a year, prerendered pages as they were
 * built (with absolute social URLs), and the SPA shell for every other path (the client router
 * then shows the right screen, including the not-found page). The build does not change while
 * the server runs, so its files are listed and its pages read and compressed once; the other
 * files go out as the build's brotli or gzip copies when the client accepts them.
 */
async function loadWebApp(app: FastifyInstance, root: string, publicUrl: string): Promise<WebApp> {
  const files = new Set(listFiles(root));
  // The build wrote .br and .gz copies of its text assets; they are sent as they are.
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false, preCompressed: true });

  const html = new Map<string, Precompressed>();
  const pages: PrerenderedPage[] = [];
  for (const file of files) {
    if (!file.endsWith(".html")) continue;
    const raw = readFileSync(path.join(root, file), "utf8");
    const body = absolutizePageUrls(raw, publicUrl);
    html.set(
      file,
      precompress(body, `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`),
    );
    if (file.endsWith("/index.html")) pages.push({ path: pagePath(file), ...readPageFacts(raw) });
  }
  pages.sort((a, b) => a.path.localeCompare(b.path));
  const spaShell = html.get(`/${SPA_FALLBACK}`);
  if (!spaShell) throw new Error(`${SPA_FALLBACK} is missing from ${root}.`);
  const fallback: Precompressed = spaShell;
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
    reply.header("cache-control", "no-cache");
    return sendPrecompressed(reply, document, "text/html; charset=utf-8");
  }

  return { send, pages };
}

/**
 * The not-found handler: the built web app (when there is one) for GET and HEAD outside /api,
 * the error shape for everything else. Returns the prerendered pages, for the sitemap.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Pick<Config, "webDir" | "publicUrl">,
): Promise<PrerenderedPage[]> {
  const webApp = hasBuiltWebApp(config.webDir)
    ? await loadWebApp(app, config.webDir, config.publicUrl)
    : undefined;
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isApi = pathname === "/api" || pathname.startsWith("/api/");
    if (!isApi && webApp && (request.method === "GET" || request.method === "HEAD")) {
      return webApp.send(pathname, reply);
    }
    throw new AppError("not_found", `No route for ${request.method} ${pathname}.`);
  });
  return webApp?.pages ?? [];
}
