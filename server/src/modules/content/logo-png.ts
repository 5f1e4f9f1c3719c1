import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { FileStorage } from "../../storage/storage.js";
import { readImage } from "./images.js";

/** The web app's own files before a build (development and tests run without one). */
const sourcePublicDir = fileURLToPath(new URL("../../../../web/public/", import.meta.url));
const uploadedImage = /^\/api\/images\/([^/?#]+)$/;
const maxRemoteBytes = 2 * 1024 * 1024;

export type LogoSource = { storage: FileStorage; webDir: string | undefined };

async function publicFile(webDir: string | undefined, logo: string): Promise<Buffer | undefined> {
  for (const root of [webDir, sourcePublicDir]) {
    if (!root) continue;
    const file = path.resolve(root, `.${decodeURIComponent(logo.split(/[?#]/)[0] ?? "")}`);
    // The logo is the owner's, but a path still never leaves the folder of public files.
    if (!file.startsWith(path.resolve(root) + path.sep)) continue;
    const body = await readFile(file).catch(() => undefined);
    if (body) return body;
  }
  return undefined;
}

async function remoteFile(url: string): Promise<Buffer | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000), redirect: "follow" });
    if (!response.ok) return undefined;
    const body = Buffer.from(await response.arrayBuffer());
    return body.length <= maxRemoteBytes ? body : undefined;
  } catch {
    return undefined;
  }
}

async function logoBytes(source: LogoSource, logo: string): Promise<Buffer | undefined> {
  const uploaded = logo.match(uploadedImage);
  if (uploaded?.[1]) return readImage(source.storage, uploaded[1]);
  if (/^https?:\/\//i.test(logo)) return remoteFile(logo);
  if (logo.startsWith("/")) return publicFile(source.webDir, logo);
  return undefined;
}

const cache = new Map<string, Promise<Uint8Array | undefined>>();
const cacheSize = 16;

/**
 * The shop's logo as a PNG for a document's PDF (a receipt, a quote, an invoice; PDF files take PNG
 * or JPEG, the logo is often SVG or WebP), or undefined when it cannot be read: the PDF then shows
 * the name alone. A logo's address names one picture for good (uploads are content-addressed), so
 * the result is kept for the next PDF.
 */
export function logoPng(source: LogoSource, logo: string): Promise<Uint8Array | undefined> {
  const known = cache.get(logo);
  if (known) return known;
  const made = (async () => {
    const body = await logoBytes(source, logo);
    if (!body) return undefined;
    try {
      return new Uint8Array(
        await sharp(body, { limitInputPixels: 40_000_000 })
          .resize({ height: 120, withoutEnlargement: false })
          .png()
          .toBuffer(),
      );
    } catch {
      return undefined;
    }
  })();
  if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
  cache.set(logo, made);
  return made;
}
