import type * as ContractModule from "@agency/contract";
import type { ErrorResponse } from "@agency/contract";
import { errors } from "./messages";

/** Any schema of the contract: the client needs only its safeParse. */
interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

type Contract = typeof ContractModule;

/**
 * Which contract schema checks an answer, e.g. `(c) => c.PricingList`. The contract (and zod) is
 * loaded on the first call instead of with the page, which keeps it off the public pages' first load.
 */
export type PickSchema<T> = (contract: Contract) => ResponseSchema<T>;

let contract: Promise<Contract> | undefined;
function loadContract(): Promise<Contract> {
  contract ??= import("@agency/contract");
  return contract;
}

/** For calls whose answer needs no checking (the account endpoints answer with their own shapes). */
export const anyAnswer: PickSchema<unknown> = () => ({ safeParse: (data) => ({ success: true, data }) });

/** The server's error codes, plus the two failures that happen before a server answer is read. */
export type ApiErrorCode = ErrorResponse["error"]["code"] | "network" | "invalid_response";

export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** The account library's own reason, e.g. "EMAIL_NOT_VERIFIED". */
    readonly reason?: string,
    /** On a 429: how long the server asks to wait (its Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The account endpoints (/api/auth/*) answer failures with `{ code, message }` of their own. */
function authFailure(payload: unknown): { message: string; code?: string } | undefined {
  if (typeof payload !== "object" || payload === null) return undefined;
  const { message, code } = payload as { message?: unknown; code?: unknown };
  if (typeof message !== "string" || message === "") return undefined;
  return { message, code: typeof code === "string" ? code : undefined };
}

function codeForStatus(status: number, statuses: Contract["errorStatus"]): ApiErrorCode {
  const match = Object.entries(statuses).find(([, value]) => value === status);
  return (match?.[0] as ApiErrorCode | undefined) ?? "internal";
}

interface RequestOptions {
  signal?: AbortSignal;
  /**
   * A successful null answer is taken as it is, without loading the contract: a visitor who is not
   * signed in gets null from the session check, and the public pages then never load zod.
   */
  acceptNull?: boolean;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

async function request<T>(
  method: Method,
  path: string,
  pick: PickSchema<T>,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  // Loaded while the request is under way, unless the answer may well need no schema at all.
  const schemas = options.acceptNull ? undefined : loadContract();
  const headers: Record<string, string> = { accept: "application/json" };
  const init: RequestInit = { method, headers, credentials: "same-origin", signal: options.signal };
  // The server rejects an empty body declared as JSON, so the content type goes only with a body;
  // a form with files goes as multipart, with the boundary the browser sets.
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, init);
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, "network", errors.network);
  }

  const payload = await readJson(response);
  if (response.ok && payload === null && options.acceptNull) return null as T;
  const loaded = await (schemas ?? loadContract());
  if (!response.ok) {
    const wait = retryAfterSeconds(response);
    const failure = loaded.ErrorResponse.safeParse(payload);
    if (failure.success) {
      const { code, message, fields } = failure.data.error;
      throw new ApiError(response.status, code, message, fields, undefined, wait);
    }
    const account = authFailure(payload);
    if (account) {
      const code = codeForStatus(response.status, loaded.errorStatus);
      throw new ApiError(response.status, code, account.message, undefined, account.code, wait);
    }
    throw new ApiError(response.status, "internal", errors.unexpected);
  }

  const parsed = pick(loaded).safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, "invalid_response", errors.unexpectedResponse);
  return parsed.data;
}

/** Retry-After in seconds, whether the server sent a number of seconds or a date. */
function retryAfterSeconds(response: Response): number | undefined {
  const value = response.headers.get("retry-after")?.trim();
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value) ? Number(value) : Math.ceil((Date.parse(value) - Date.now()) / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function apiGet<T>(path: string, pick: PickSchema<T>, options?: RequestOptions): Promise<T> {
  return request("GET", path, pick, undefined, options);
}

export function apiPost<T>(
  path: string,
  pick: PickSchema<T>,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  return request("POST", path, pick, body, options);
}

export function apiPut<T>(
  path: string,
  pick: PickSchema<T>,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  return request("PUT", path, pick, body, options);
}

export function apiPatch<T>(
  path: string,
  pick: PickSchema<T>,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  return request("PATCH", path, pick, body, options);
}

/** Sends files (and their fields) as multipart/form-data. */
export function apiUpload<T>(
  path: string,
  pick: PickSchema<T>,
  form: FormData,
  options?: RequestOptions,
): Promise<T> {
  return request("POST", path, pick, form, options);
}

export function apiDelete<T>(path: string, pick: PickSchema<T>, options?: RequestOptions): Promise<T> {
  return request("DELETE", path, pick, undefined, options);
}

/** The text to show a user for any failure of a call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : errors.unexpected;
}
