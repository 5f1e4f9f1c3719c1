/**
 * The virus-scan hook point: every upload passes through here after the size, type and name
 * checks and before anything is stored. To scan files, call the scanner (e.g. ClamAV's clamd
 * over its socket) from this function and throw an `AppError("unprocessable", …)` for a file it
 * flags: the upload is then refused with that message and nothing is stored.
 */
type UploadToScan = { name: string; contentType: string; body: Buffer };
export type ScanHook = (file: UploadToScan) => Promise<void>;

export const scanUpload: ScanHook = async () => {};
