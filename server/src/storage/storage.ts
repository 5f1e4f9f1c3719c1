import type { FileStorageConfig } from "../config.js";
import type { FileStorage } from "./file-storage.js";

export type { FileStorage } from "./file-storage.js";

export async function createFileStorage(config: FileStorageConfig): Promise<FileStorage> {
  if (config.kind === "s3") {
    const { createS3Storage } = await import("./s3-storage.js");
    return createS3Storage(config);
  }
  const { createDiskStorage } = await import("./disk-storage.js");
  return createDiskStorage(config.dir);
}
