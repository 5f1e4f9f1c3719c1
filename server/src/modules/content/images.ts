import { createHash } from "node:crypto";
import { contentMessages, type ImageKind, imageSizes, type UploadedImage } from "@agency/contract";
import sharp from "sharp";
import { AppError } from "../../errors.js";
import type { FileStorage } from "../../storage/storage.js";

/** Pictures the owner uploads for the pages are decoded, so a decompression bomb is refused early. */
const maxInputPixels = 40_000_000;
const acceptedFormats = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

/**
 * The address of a stored image: its content's hash, kind and scale. The same upload always gets
 * the same address, so the address can be cached for a year. The prefix keeps these keys apart
 * from order files' keys (uuids), which this route must never serve.
 */
const imageNamePattern = /^img-([a-f0-9]{40})-(card|section|logo)-(1x|2x)\.webp$/;
const imageUrl = (name: string) => `/api/images/${name}`;
const storageKeyOf = (name: string) => name.replace(/\.webp$/, "").replaceAll(/[^a-z0-9-]/g, "-");

type Rendered = { name: string; body: Buffer; width: number; height: number };

/** Checks that the bytes are a picture, then cuts them to the kind's 1x and 2x sizes as WebP. */
async function renderImage(input: Buffer, kind: ImageKind): Promise<[Rendered, Rendered]> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(input, { limitInputPixels: maxInputPixels }).metadata());
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError("bad_request", contentMessages.tooManyPixels, { file: "too many pixels" });
    }
    throw new AppError("bad_request", contentMessages.notAnImage, { file: "not an image" });
  }
  if (!format || !acceptedFormats.has(format)) {
    throw new AppError("bad_request", contentMessages.notAnImage, {
      file: `not an accepted image (${format})`,
    });
  }
  const hash = createHash("sha256").update(input).digest("hex").slice(0, 40);
  const size = imageSizes[kind];
  const render = async (scale: 1 | 2): Promise<Rendered> => {
    try {
      const { data, info } = await sharp(input, { limitInputPixels: maxInputPixels, animated: false })
        .rotate()
        .resize({
          width: size.width * scale,
          height: size.height * scale,
          fit: size.fit,
          // A logo or a section picture smaller than its box stays as sharp as it was.
          withoutEnlargement: size.fit === "inside",
        })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      return {
        name: `img-${hash}-${kind}-${scale}x.webp`,
        body: data,
        width: info.width,
        height: info.height,
      };
    } catch {
      throw new AppError("bad_request", contentMessages.notAnImage, { file: "could not be decoded" });
    }
  };
  return [await render(1), await render(2)];
}

/** Stores both sizes (an image uploaded before is already there) and answers their addresses. */
export async function storeImage(
  storage: FileStorage,
  input: Buffer,
  kind: ImageKind,
): Promise<UploadedImage> {
  const [one, two] = await renderImage(input, kind);
  for (const image of [one, two]) {
    const key = storageKeyOf(image.name);
    if (!(await storage.get(key))) await storage.put(key, image.body, "image/webp");
  }
  return { url: imageUrl(one.name), url2x: imageUrl(two.name), width: one.width, height: one.height };
}

/** The stored bytes of an image address, or undefined for any other name. */
export async function readImage(storage: FileStorage, name: string): Promise<Buffer | undefined> {
  if (!imageNamePattern.test(name)) return undefined;
  return storage.get(storageKeyOf(name));
}
