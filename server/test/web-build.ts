import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const compressScript = fileURLToPath(new URL("../../scripts/compress-web.mjs", import.meta.url));

/** One page of the miniature app: its <head> extras and what its body shows. */
export type FakePage = { title: string; head?: string; body?: string };

/**
 * A React Router server build in miniature, with the parts the server uses: a root route whose
 * loader reads the site, the hero text and the plans from the load context (as the real root and landing do),
 * a catch-all page route, and an entry that writes the page from the loader data. `pages` gives
 * each path's title and head tags; every page shows the site name, the hero heading and each plan's price.
 */
function serverBuildSource(pages: Record<string, FakePage>, formPath: string | undefined): string {
  return `
const pages = ${JSON.stringify(pages)};
const formPath = ${JSON.stringify(formPath ?? null)};
const route = (id, parentId, routePath, hasLoader) => ({
  id, parentId, path: routePath, index: undefined, caseSensitive: undefined, hasLoader,
  hasAction: false, hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false,
  hasErrorBoundary: false, module: "/assets/" + id + ".js", imports: [], css: [],
});
export const routes = {
  root: {
    id: "root", parentId: undefined, path: "", index: undefined, caseSensitive: undefined,
    module: {
      async loader({ context }) {
        const { site, texts } = await context.pages.siteContent();
        return { site, hero: texts.hero, plans: await context.pages.pricing() };
      },
      default: () => null,
    },
  },
  page: {
    id: "page", parentId: "root", path: "*", index: undefined, caseSensitive: undefined,
    module: { default: () => null },
  },
  ...(formPath ? {
    form: {
      id: "form", parentId: "root", path: formPath.slice(1), index: undefined, caseSensitive: undefined,
      module: {
        async action({ request, context }) {
          const body = await request.formData();
          const values = Object.fromEntries([...body].filter(([name]) => name !== "intent"));
          return context.leadForms[body.get("intent")](values);
        },
        default: () => null,
      },
    },
  } : {}),
};
export const assets = {
  entry: { module: "/assets/entry.js", imports: [] },
  routes: {
    root: route("root", undefined, "", true),
    page: route("page", "root", "*", false),
    ...(formPath ? { form: { ...route("form", "root", formPath.slice(1), false), hasAction: true } } : {}),
  },
  url: "/assets/manifest.js",
  version: "1",
};
export const entry = {
  module: {
    default(request, status, headers, context) {
      const pathname = new URL(request.url).pathname.replace(/[/]+$/, "") || "/";
      const page = pages[pathname] ?? { title: "Not found" };
      const { site, plans, hero } = context.staticHandlerContext.loaderData.root;
      const answer = context.staticHandlerContext.actionData?.form;
      const output = answer ? "<output>" + JSON.stringify(answer).replace(/</g, "&lt;") + "</output>" : "";
      const prices = plans.map((plan) => "<li>" + plan.title + " " + plan.duration + " $" + plan.newPrice + "</li>");
      headers.set("content-type", "text/html");
      return new Response(
        "<!DOCTYPE html><html><head><title>" + page.title + " | " + site.name + "</title>" + (page.head ?? "") +
          "</head><body><h1>" + page.title + "</h1><p>" + hero.heading + "</p>" + output + (page.body ?? "") + "<ul>" + prices.join("") + "</ul></body></html>",
        { status, headers },
      );
    },
  },
};
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: "lazy", manifestPath: "/__manifest" };
export const publicPath = "/";
export const basename = "/";
export const assetsBuildDirectory = "build/client";
`;
}

/**
 * A built web app in a temporary folder, laid out as the real one (client/ and server/): the
 * browser files given (compressed by the build's own script), the route patterns, and the server
 * build above. With `formPath`, a route at that path takes posted lead forms: its action hands the
 * fields to the lead form the `intent` field names, and the page shows the answer in an <output>.
 * Returns the client folder, the server's WEB_DIR.
 */
export function writeWebBuild({
  pages,
  files = {},
  patterns = Object.keys(pages),
  formPath,
}: {
  pages: Record<string, FakePage>;
  files?: Record<string, string>;
  patterns?: string[];
  formPath?: string;
}): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "web-build-"));
  const client = path.join(root, "client");
  for (const [name, text] of Object.entries({ ...files, "route-patterns.json": JSON.stringify(patterns) })) {
    mkdirSync(path.dirname(path.join(client, name)), { recursive: true });
    writeFileSync(path.join(client, name), text);
  }
  execFileSync(process.execPath, [compressScript, client]);
  mkdirSync(path.join(root, "server"));
  writeFileSync(path.join(root, "server", "index.js"), serverBuildSource(pages, formPath));
  return client;
}
