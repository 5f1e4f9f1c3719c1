import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bucketKeys, createBucket, s3TestCredentials, startS3Server } from "../../test/s3.js";
import { createDiskStorage } from "./disk-storage.js";
import { createS3Storage } from "./s3-storage.js";
import type { FileStorage } from "./storage.js";

let s3: Awaited<ReturnType<typeof startS3Server>>;
let dir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  await createBucket(s3.endpoint, "storage-test");
  dir = await mkdtemp(path.join(os.tmpdir(), "agency-storage-"));
});
afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const key = "3f1c6a2e-8d4b-4c1e-9a7f-0b2d4e6f8a1c";
const body = Buffer.from([0, 1, 2, 255, 10, 13, 37]);

function checksStorage(name: string, storage: () => FileStorage, keys: () => Promise<string[]>) {
  it(`${name}: keeps the bytes under the key, answers nothing for an unknown key, and deletes`, async () => {
    await storage().put(key, body, "application/octet-stream");
    expect(await keys()).toEqual([key]);
    expect(await storage().get(key)).toEqual(body);
    expect(await storage().get("00000000-0000-4000-8000-000000000000")).toBeUndefined();
    await storage().delete(key);
    expect(await storage().get(key)).toBeUndefined();
    expect(await keys()).toEqual([]);
  });
}

describe("file storage", () => {
  checksStorage(
    "disk",
    () => createDiskStorage(dir),
    async () => readdir(dir),
  );
  checksStorage(
    "S3-compatible (s3rver)",
    () =>
      createS3Storage({
        kind: "s3",
        bucket: "storage-test",
        region: "us-east-1",
        endpoint: s3.endpoint,
        credentials: s3TestCredentials,
        forcePathStyle: true,
      }),
    () => bucketKeys(s3.endpoint, "storage-test"),
  );

  it("disk: refuses a key that is not the shop's own", async () => {
    await expect(createDiskStorage(dir).put("../escape", body, "text/plain")).rejects.toThrow(
      /Not a storage key/,
    );
  });
});
