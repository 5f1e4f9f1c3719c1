import { brotliCompressSync } from "node:zlib";
import type { APIRequestContext } from "playwright-core";

const assetReference = /\/assets\/[\w.-]+\.(?:js|css)\b/g;
// The route manifest inlined in the page lists the modules of routes the visitor may go to next
// (and the full manifest's address); none of them loads with the page.
const inlineManifest = /window\.__reactRouterManifest = \{[\s\S]*?\n\};/;
// Static imports and re-exports between chunks ("./chunk-x.js"); dynamic import() loads later.
const staticImport = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g;

/**
 * The JavaScript and CSS a page needs before it can be used: what its HTML references and those
 * chunks' static imports, brotli-compressed as the server sends them and `npm run bench:web`
 * counts them. In bytes.
 */
export async function firstLoadBytes(api: APIRequestContext, html: string): Promise<number> {
  const assets = new Set(html.replace(inlineManifest, "").match(assetReference) ?? []);
  const sources = new Map<string, Buffer>();
  const pending = [...assets];
  while (pending.length > 0) {
    const asset = pending.pop() as string;
    const response = await api.get(asset);
    if (!response.ok()) continue;
    const body = await response.body();
    sources.set(asset, body);
    if (!asset.endsWith(".js")) continue;
    for (const [, file] of body.toString("utf8").matchAll(staticImport)) {
      const imported = `/assets/${file}`;
      if (!assets.has(imported)) {
        assets.add(imported);
        pending.push(imported);
      }
    }
  }
  return [...sources.values()].reduce((total, body) => total + brotliCompressSync(body).length, 0);
}
