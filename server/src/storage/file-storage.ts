import type { FileStorageConfig } from "../config.js";

/**
 * Where uploaded files' bytes live, under keys the shop makes up (never a user's file name).
 * Nothing reads them but the authorised download route.
 */
export interface FileStorage {
  readonly kind: FileStorageConfig["kind"];
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}
