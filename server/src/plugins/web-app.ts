import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { LeadForms, PageData } from "@agency/contract";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Config } from "../config.js";
import { AppError } from "../errors.js";
import { etagOf, type Precompressed, precompress, sendPrecompressed } from "./compression.js";
import { PageCache } from "./page-cache.js";
import { formPostCheck } from "./same-origin.js";
import { inlineScripts, securityHeaders, withScriptHashes } from "./security-headers.js";
import { absolutizePageUrls, type PageFacts, readPageFacts } from "./web-app-html.js";

/** Every file of the build, by URL path ("/assets/x.js", "/home/index.html"). */
function listFiles(root: string, base = ""): string[] {
  return readdirSync(path.join(root, base), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(base, entry.name);
    return entry.isDirectory() ? listFiles(root, relative) : [`/${relative}`];
  });
}

/** The server half of the web build (React Router's server build), beside the browser files. */
function serverBuildFile(root: string): string {
  return path.join(root, "..", "server", "index.js");
}

function hasBuiltWebApp(root: string | undefined): root is string {
  return Boolean(root && existsSync(serverBuildFile(root)));
}

/** A public page: its URL path ("/", "/about-us") and what the sitemap needs to know. */
export type PublicPage = PageFacts & { path: string };

type WebApp = {
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | FastifyReply;
  /** The pages a visitor can open without an address of their own (no ids), for the sitemap. */
  pages(): Promise<PublicPage[]>;
};

type RenderedPage = {
  status: number;
  type: string;
  /** React Router's own headers (a redirect's Location, for one), and the page's own policy. */
  headers: [string, string][];
  document: Precompressed;
};

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
 * The paths whose routes take a posted form (a route `action`), as Fastify route patterns: each
 * route's path joined to its parents'. Index routes are left out: a post reaches them only with
 * `?index`, and the forms post to their page's own route.
 */
export function actionPaths(build: Pick<ServerBuild, "routes">): string[] {
  const pathOf = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return "";
    const parent = pathOf(route.parentId);
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const paths = Object.values(build.routes)
    .filter((route) => route && !route.index && typeof route.module.action === "function")
    .map((route) => `/${pathOf(route?.id).split("/").filter(Boolean).join("/")}`);
  return [...new Set(paths)].sort();
}

/** A posted form's body is a few fields; the longest, a contact message, is 5000 characters. */
const formBodyLimit = 128 * 1024;

/** Render requests: the page itself, its loaders' data (client navigation), the route manifest. */
function isDataRequest(pathname: string): boolean {
  return pathname.endsWith(".data") || pathname === "/__manifest";
}

/** What the web app's loaders and actions get beside the request (its load context). */
type LoadContext = { pages: PageData; leadForms?: LeadForms };

type WebAppOptions = {
  root: string;
  /** The site's Content-Security-Policy, before a page's inline scripts are added to it. */
  policy: string;
  publicUrl: string;
  pages: PageData;
  /**
   * A number that moves on whenever what the pages show changes (undefined: rendered pages
   * cannot be kept).
   */
  contentVersion: () => number | undefined;
  /** The origins a posted form may come from (the same as the API's cookie-borne calls). */
  trustedOrigins: string[];
  /** The lead services a posting request's route actions get, within that request's rate limit. */
  leadForms?: (request: FastifyRequest) => LeadForms;
};

/**
 * Serves the built web app: hashed assets cached for a year, other files for an hour, and every
 * other path rendered by React Router on this server, with the public data read in-process
 * (`pages` in the load context). Rendered pages are kept in memory until the catalog changes and
 * sent with a strong ETag, so browsers and a CDN in front revalidate them cheaply (304).
 */
async function loadWebApp(app: FastifyInstance, options: WebAppOptions): Promise<WebApp> {
  const { root, publicUrl, contentVersion } = options;
  const files = new Set(listFiles(root));
  // The build wrote .br and .gz copies of its text assets; they are sent as they are.
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false, preCompressed: true });

  const build = (await import(pathToFileURL(serverBuildFile(root)).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const loadContext: LoadContext = { pages: options.pages };
  const isAppRoute = routeMatcher(
    files.has("/route-patterns.json") ? path.join(root, "route-patterns.json") : undefined,
  );
  const cache = new PageCache<RenderedPage>(500);

  // Rendered without the visitor's cookies: the signed-in state is the browser's business, so the
  // same page goes to everyone and can be cached.
  function render(url: string): Promise<RenderedPage> {
    return renderRequest(new Request(new URL(url, publicUrl)), loadContext);
  }

  async function renderRequest(request: Request, context: LoadContext): Promise<RenderedPage> {
    const response = await handle(request, context);
    const type = response.headers.get("content-type") ?? "text/html; charset=utf-8";
    const text = await response.text();
    const body = type.startsWith("text/html") ? absolutizePageUrls(text, publicUrl) : text;
    const headers = [...response.headers].filter(
      ([name]) => !["content-type", "content-length", "content-encoding"].includes(name),
    );
    // Worked out with the page and cached with it: the hashes change only when the page does.
    if (type.startsWith("text/html")) {
      headers.push(["content-security-policy", withScriptHashes(options.policy, inlineScripts(body))]);
    }
    return {
      status: response.status,
      type: type === "text/html" ? "text/html; charset=utf-8" : type,
      headers,
      document: precompress(body, etagOf(body)),
    };
  }

  function renderCached(url: string): Promise<RenderedPage> {
    return cache.read(
      url,
      contentVersion(),
      () => render(url),
      (page) => page.status === 200,
    );
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    const page = await renderCached(request.url);
    const missing = !isDataRequest(pathname) && !isAppRoute(pathname);
    // The not-found screen is a page like the others; the status tells crawlers and tools the truth.
    reply.status(missing && page.status === 200 ? 404 : page.status);
    for (const [name, value] of page.headers) reply.header(name, value);
    reply.header(
      "cache-control",
      page.status === 200 && !missing ? "public, max-age=0, must-revalidate" : "no-cache",
    );
    return sendPrecompressed(reply, page.document, page.type);
  }

  function send(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split("?")[0] ?? "/";
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      decoded = pathname;
    }
    if (files.has(decoded)) {
      const immutable = decoded.startsWith("/assets/");
      reply.header(
        "cache-control",
        immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
      // The same address answers br, gzip or plain by the request's Accept-Encoding, so caches in
      // front must keep them apart (@fastify/static 9 leaves this header to us).
      reply.header("vary", "accept-encoding");
      return reply.sendFile(decoded.slice(1));
    }
    return sendPage(request, reply, decoded);
  }

  const fromOwnPages = formPostCheck(options.trustedOrigins);

  /**
   * A form posted as a browser posts it without JavaScript: refused unless it comes from the shop's
   * own pages, then handed with its body to React Router, whose route action answers with the page
   * (the form's message in it). Rendered afresh each time and never kept: the answer is this post's.
   */
  async function sendPost(request: FastifyRequest, reply: FastifyReply) {
    fromOwnPages(request);
    const type = request.headers["content-type"] ?? "";
    if (!type.startsWith("application/x-www-form-urlencoded") || typeof request.body !== "string") {
      throw new AppError("bad_request", "A page takes forms posted as application/x-www-form-urlencoded.");
    }
    const page = await renderRequest(
      new Request(new URL(request.url, publicUrl), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: request.body,
      }),
      { ...loadContext, leadForms: options.leadForms?.(request) },
    );
    reply.status(page.status);
    for (const [name, value] of page.headers) reply.header(name, value);
    reply.header("cache-control", "no-store");
    return reply.type(page.type).send(page.document.identity.body);
  }

  // Only the routes with an action take posts; elsewhere a POST stays unknown (404).
  await app.register(async (forms) => {
    forms.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: formBodyLimit },
      (_request, body, done) => done(null, body),
    );
    // Pages, not API calls: kept out of the API documentation.
    for (const pattern of actionPaths(build)) forms.post(pattern, { schema: { hide: true } }, sendPost);
  });

  let publicPages: Promise<PublicPage[]> | undefined;
  function pages(): Promise<PublicPage[]> {
    const patterns = files.has("/route-patterns.json")
      ? (JSON.parse(readFileSync(path.join(root, "route-patterns.json"), "utf8")) as string[])
      : [];
    const candidates = patterns.filter(
      (pattern) => !pattern.includes(":") && !/^\/(dashboard|checkout)(\/|$)/.test(pattern),
    );
    publicPages ??= Promise.all(
      candidates.map(async (pagePath) => {
        const page = await renderCached(pagePath);
        if (page.status !== 200 || !page.type.startsWith("text/html")) return undefined;
        const facts = readPageFacts(page.document.identity.body.toString());
        // The page carries its canonical address made absolute; the sitemap compares paths.
        const canonicalPath = facts.canonicalPath?.startsWith(`${publicUrl}/`)
          ? facts.canonicalPath.slice(publicUrl.length)
          : facts.canonicalPath;
        return { path: pagePath, ...facts, canonicalPath };
      }),
    ).then((found) =>
      found.filter((page) => page !== undefined).sort((a, b) => a.path.localeCompare(b.path)),
    );
    publicPages.catch(() => {
      publicPages = undefined;
    });
    return publicPages;
  }

  return { send, pages };
}

/**
 * The not-found handler: the built web app (when there is one) for GET and HEAD outside /api,
 * the error shape for everything else; and the web app's posted forms (POST to a page whose route
 * has an action). Returns the public pages, for the sitemap.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Pick<Config, "webDir" | "publicUrl" | "site" | "payments" | "googleMapsApiKey" | "auth">,
  content: {
    /** The public data the pages render, read in-process. */
    pages: PageData;
    contentVersion: () => number | undefined;
    leadForms?: (request: FastifyRequest) => LeadForms;
  },
): Promise<() => Promise<PublicPage[]>> {
  const webApp = hasBuiltWebApp(config.webDir)
    ? await loadWebApp(app, {
        root: config.webDir,
        policy: securityHeaders(config)["content-security-policy"] ?? "",
        publicUrl: config.publicUrl,
        pages: content.pages,
        contentVersion: content.contentVersion,
        trustedOrigins: [config.publicUrl, ...config.auth.trustedOrigins],
        leadForms: content.leadForms,
      })
    : undefined;
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isApi = pathname === "/api" || pathname.startsWith("/api/");
    if (!isApi && webApp && (request.method === "GET" || request.method === "HEAD")) {
      return webApp.send(request, reply);
    }
    throw new AppError("not_found", `No route for ${request.method} ${pathname}.`);
  });
  return webApp ? webApp.pages : async () => [];
}
