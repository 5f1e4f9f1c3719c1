import { readdir } from "node:fs/promises";
import type { TestAccount } from "./accounts.js";
import type { TestContext } from "./helpers.js";
import { bucketKeys } from "./s3.js";

/** A multipart/form-data body with one file, as a browser's form sends it. */
export function multipartFile(
  file: { name: string; contentType: string; content: Buffer | string },
  field = "file",
): { body: Buffer; contentType: string } {
  const boundary = `----agency-test-${Math.random().toString(16).slice(2)}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
    `Content-Type: ${file.contentType}\r\n\r\n`;
  const body = Buffer.concat([
    Buffer.from(head, "utf8"),
    Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, "utf8"),
    Buffer.from(`\r\n--${boundary}--\r\n`, "utf8"),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads one file to an order as the account. */
export function uploadFile(
  ctx: TestContext,
  account: TestAccount,
  orderId: string,
  file: { name: string; contentType: string; content: Buffer | string },
) {
  const { body, contentType } = multipartFile(file);
  return ctx.app.inject({
    method: "POST",
    url: `/api/order/${orderId}/files`,
    headers: { cookie: account.cookie, "content-type": contentType },
    payload: body,
  });
}

/** The keys the test app's file storage holds (its uploads folder, or its bucket). */
export async function storedFiles(ctx: TestContext): Promise<string[]> {
  const storage = ctx.config.files.storage;
  if (storage.kind === "s3") return bucketKeys(storage.endpoint ?? "", storage.bucket);
  return (await readdir(storage.dir).catch(() => [] as string[])).sort();
}
