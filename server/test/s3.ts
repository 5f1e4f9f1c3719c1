import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

/** s3rver's fixed credentials: it checks request signatures against these. */
export const s3TestCredentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * A local S3-compatible server (s3rver) on a free port, keeping its objects in a temporary folder.
 * It checks signatures like S3, so the storage's requests are the ones a real bucket would get.
 */
export async function startS3Server(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "agency-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory });
  const address = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function client(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: s3TestCredentials,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export async function createBucket(endpoint: string, bucket: string): Promise<void> {
  await client(endpoint).send(new CreateBucketCommand({ Bucket: bucket }));
}

export async function bucketKeys(endpoint: string, bucket: string): Promise<string[]> {
  const listed = await client(endpoint).send(new ListObjectsV2Command({ Bucket: bucket }));
  return (listed.Contents ?? []).map((object) => object.Key ?? "");
}

/** The settings that point the shop's file storage at a bucket of the local server. */
export function s3Env(endpoint: string, bucket: string): Record<string, string> {
  return {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: "us-east-1",
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: s3TestCredentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3TestCredentials.secretAccessKey,
  };
}
