import { ErrorResponse, errorStatus } from "@agency/contract";
import { z } from "zod";
import { errors } from "./messages";

/** Any schema of the contract: the client needs only its safeParse. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

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
  ) {
    super(message);
  }
}

const AuthErrorResponse = z.object({ message: z.string().min(1), code: z.string().optional() });

function codeForStatus(status: number): ApiErrorCode {
  const match = Object.entries(errorStatus).find(([, value]) => value === status);
  return (match?.[0] as ApiErrorCode | undefined) ?? "internal";
}

interface RequestOptions {
  signal?: AbortSignal;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

async function request<T>(
  method: Method,
  path: string,
  schema: ResponseSchema<T>,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const init: RequestInit = { method, headers, credentials: "same-origin", signal: options.signal };
  // The server rejects an empty body declared as JSON, so the content type goes only with a body.
  if (body !== undefined) {
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
  if (!response.ok) {
    const failure = ErrorResponse.safeParse(payload);
    if (failure.success) {
      const { code, message, fields } = failure.data.error;
      throw new ApiError(response.status, code, message, fields);
    }
    // The account endpoints (/api/auth/*) answer `{ code, message }` with the library's own codes.
    const authFailure = AuthErrorResponse.safeParse(payload);
    if (authFailure.success) {
      throw new ApiError(
        response.status,
        codeForStatus(response.status),
        authFailure.data.message,
        undefined,
        authFailure.data.code,
      );
    }
    throw new ApiError(response.status, "internal", errors.unexpected);
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, "invalid_response", errors.unexpectedResponse);
  return parsed.data;
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

export function apiGet<T>(path: string, schema: ResponseSchema<T>, options?: RequestOptions): Promise<T> {
  return request("GET", path, schema, undefined, options);
}

export function apiPost<T>(
  path: string,
  schema: ResponseSchema<T>,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  return request("POST", path, schema, body, options);
}

export function apiPut<T>(
  path: string,
  schema: ResponseSchema<T>,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  return request("PUT", path, schema, body, options);
}

export function apiPatch<T>(
  path: string,
  schema: ResponseSchema<T>,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  return request("PATCH", path, schema, body, options);
}

export function apiDelete<T>(path: string, schema: ResponseSchema<T>, options?: RequestOptions): Promise<T> {
  return request("DELETE", path, schema, undefined, options);
}

/** The text to show a user for any failure of a call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : errors.unexpected;
}
