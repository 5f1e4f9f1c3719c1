import { createRequire } from "node:module";
import { hostname } from "node:os";
import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import pino from "pino";
import type { Config } from "../config.js";

/**
 * The API keys' prefix (the contract's `apiKeyPrefix`), written out: this file is loaded on its own
 * by processes that write logs without the contract.
 */
const apiKeyPrefix = "ak_live_";
const apiKeyInText = /ak_live_[A-Za-z0-9_%-]*/g;

/**
 * Where the one-time tokens of mailed links travel in an address, so the log never keeps them:
 * a route's `:token` segment, or a query parameter. Every route the app registers with one of
 * these parameters joins `paths` when it is registered (see `TokenRedaction.watch`); the pages
 * and Better Auth's links are served behind wildcards, so they are listed here (a test checks
 * them against the web app's route table and Better Auth's endpoints).
 */
export const tokenPlaces = {
  params: ["token"],
  paths: [
    "/team/join/:token",
    "/company/join/:token",
    "/quotes/:token",
    "/invoices/:token",
    "/api/auth/reset-password/:token",
  ],
  query: ["token", "code", "state"],
} as const;

const redacted = "[redacted]";
const tokenInQuery = new RegExp(`([?&](?:${tokenPlaces.query.join("|")})=)[^&#]*`, "gi");
const isTokenParam = (segment: string) =>
  segment.startsWith(":") && (tokenPlaces.params as readonly string[]).includes(segment.slice(1));

/** A path pattern with a token: its literal start, its segments (null: any) and the token's place. */
type TokenPath = { start: string; segments: (string | null)[]; token: number };

function tokenPath(pattern: string): TokenPath | undefined {
  const parts = pattern.split("/");
  const token = parts.findIndex(isTokenParam);
  if (token < 0) return undefined;
  const segments = parts
    .slice(0, token)
    .map((part) => (part.startsWith(":") || part.includes("*") ? null : part.toLowerCase()));
  const literal = segments.indexOf(null);
  return { start: `${segments.slice(0, literal < 0 ? token : literal).join("/")}/`, segments, token };
}

/** The addresses the log keeps a token out of; one per app, grown by the routes it registers. */
export class TokenRedaction {
  readonly #paths = new Map<string, TokenPath>();

  constructor(patterns: readonly string[] = tokenPlaces.paths) {
    for (const pattern of patterns) this.add(pattern);
  }

  /** Takes a route pattern; one without a token parameter is ignored. */
  add(pattern: string): void {
    const path = tokenPath(pattern);
    // Routes under one token share its place (/api/sales/:token, /api/sales/:token/pay).
    if (path) this.#paths.set(`${path.segments.join("/")}#${path.token}`, path);
  }

  /** Every route registered on `app` from now on that carries a token joins the table. */
  watch(app: FastifyInstance): void {
    app.addHook("onRoute", (route) => this.add(route.url));
  }

  get patterns(): string[] {
    return [...this.#paths.values()].map(({ segments }) => [...segments, ":token"].join("/"));
  }

  redact(url: string): string {
    const queryAt = url.indexOf("?");
    let path = queryAt < 0 ? url : url.slice(0, queryAt);
    let lower: string | undefined;
    for (const place of this.#paths.values()) {
      lower ??= path.toLowerCase();
      if (!lower.startsWith(place.start)) continue;
      const parts = path.split("/");
      const part = parts[place.token];
      if (part === undefined || part === "" || part === redacted) continue;
      if (place.segments.every((segment, at) => segment === null || segment === parts[at]?.toLowerCase())) {
        parts[place.token] = redacted;
        path = parts.join("/");
        lower = undefined;
      }
    }
    const query = queryAt < 0 ? "" : url.slice(queryAt).replace(tokenInQuery, `$1${redacted}`);
    const result = path + query;
    // An API key belongs in the Authorization header (never logged); one pasted into an address is cut.
    return result.includes(apiKeyPrefix)
      ? result.replace(apiKeyInText, `${apiKeyPrefix}${redacted}`)
      : result;
  }
}

const wildcardsOnly = new TokenRedaction();

/** `url` with its tokens redacted (the listed paths and query parameters, and API keys). */
export function redactTokens(url: string, redaction: TokenRedaction = wildcardsOnly): string {
  return redaction.redact(url);
}

/**
 * An error as the log keeps it. A failed statement's error (Drizzle's) carries the statement and
 * its parameters, in its message too: values people typed, ids, tokens. The log keeps the
 * database's own reason and code instead, and the stack without the message's lines.
 */
export function loggedError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  if (!("query" in error && "params" in error))
    return { type: error.name, message: error.message, stack: error.stack };
  const cause = error.cause as { message?: unknown; code?: unknown } | undefined;
  const at = error.stack?.indexOf("\n    at ") ?? -1;
  return {
    type: error.name,
    message: typeof cause?.message === "string" ? cause.message : "A database statement failed.",
    code: cause?.code,
    stack: at < 0 ? undefined : `${error.name}${error.stack?.slice(at)}`,
  };
}

type AuthLogLevel = "info" | "warn" | "error" | "debug";

/**
 * Better Auth's log lines, written to the app's log instead of the console: its message, and of
 * what it adds only the errors, as `loggedError` keeps them (never its details, which hold an
 * OAuth state or a failed statement with its parameters).
 */
export function authLogger(log: Pick<FastifyBaseLogger, AuthLogLevel>) {
  return (level: AuthLogLevel, message: string, ...details: unknown[]) => {
    const error = details.find((detail) => detail instanceof Error);
    // Its message may be a failed statement's own (Better Auth logs those for a missing table).
    const text = message.startsWith("Failed query:") ? "A database statement failed." : message;
    log[level](error ? { err: loggedError(error) } : {}, `Better Auth: ${text}`);
  };
}

/** A request as the logs describe it; `route` is the matched pattern (`/api/order/:id`), if any. */
type LoggedRequest = {
  method: string;
  url: string;
  ip?: string;
  routeOptions?: { url?: string };
};

/** Where a log line goes: pino's destination, told each line's level before it is written. */
type Destination = Pick<NodeJS.WritableStream, "write"> & { lastLevel?: number };

const INFO = 30;
const json = JSON.stringify;

/**
 * One line a request, once its answer is sent: the request (method, matched route, address with
 * its one-time tokens redacted, client address), the status and the time taken, at `info`. Fastify
 * would otherwise write a line when the request comes in and another when it is answered, or a
 * third when no route matches. Failures keep their own line: a 5xx's error with its stack (the
 * error handler writes it, at `error`), and an answer cut short (`request errored`, at `error`).
 *
 * Given the logger's destination, the answered request's line is written there directly, the same
 * JSON pino would write for `reply.log.info({ req, res, responseTime }, "request completed")`
 * (level, time, pid, hostname, reqId, req, res, responseTime, msg): it is written for every request,
 * and building it by hand costs a fraction of a pino call's objects and serializers.
 */
export class OneLinePerRequest extends LogController {
  readonly #destination: Destination | undefined;
  readonly #redaction: TokenRedaction;
  readonly #base = `,"pid":${process.pid},"hostname":${json(hostname())}`;

  constructor(destination?: Destination, redaction: TokenRedaction = wildcardsOnly) {
    super();
    this.#destination = destination;
    this.#redaction = redaction;
  }

  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        "request errored",
      );
    } else if (this.#destination && (reply.log as pino.Logger).isLevelEnabled("info")) {
      this.#destination.lastLevel = INFO;
      this.#destination.write(
        `{"level":${INFO},"time":${Date.now()}${this.#base},"reqId":${json(request.id)},"req":${json(
          requestFields(request, this.#redaction),
        )},"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`,
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
    }
  }
}

/** A request as its log line names it; `route` is left out when no route matched. */
function requestFields(request: LoggedRequest, redaction: TokenRedaction = wildcardsOnly) {
  return {
    method: request.method,
    route: request.routeOptions?.url,
    url: redaction.redact(request.url),
    remoteAddress: request.ip,
  };
}

/**
 * Fastify's logger options and the controller writing its request lines, to the same destination:
 * standard output (or `stream`), or pino-pretty's transport in development (see `loggerOptions`).
 * Both keep tokens out by `redaction`, which the app's routes join (`redaction.watch(app)`).
 */
export function requestLogging(config: Config, stream?: Destination, redaction = new TokenRedaction()) {
  const logger = loggerOptions(config, undefined, undefined, stream, redaction);
  const destination =
    typeof logger === "object" && "stream" in logger ? (logger.stream as Destination) : undefined;
  return { logger, logController: new OneLinePerRequest(destination, redaction) };
}

/**
 * Fastify's logger for the configured level; request lines never carry one-time tokens. One JSON
 * object a line (for a log collector), except in development with a terminal attached, where
 * pino-pretty prints readable lines. pino-pretty is a development dependency: an install without
 * them (`npm ci --omit=dev`) logs JSON even in development rather than failing to start. The lines
 * go to standard output a few at a time (see `batchedLines`), or to `stream` when given.
 */
export function loggerOptions(
  config: Config,
  terminal: boolean = Boolean(process.stdout.isTTY),
  prettyInstalled: boolean = isInstalled("pino-pretty"),
  stream?: Pick<NodeJS.WritableStream, "write">,
  redaction: TokenRedaction = wildcardsOnly,
): FastifyServerOptions["logger"] {
  if (config.logLevel === "silent") return false;
  const pretty = !stream && config.env === "development" && terminal && prettyInstalled;
  return {
    level: config.logLevel,
    ...(pretty ? {} : { stream: stream ?? batchedLines(process.stdout.fd ?? 1) }),
    ...(pretty
      ? {
          transport: {
            target: "pino-pretty",
            options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" },
          },
        }
      : {}),
    serializers: {
      // One-time tokens of e-mailed links travel in addresses; logs must not keep them.
      req: (request: LoggedRequest) => requestFields(request, redaction),
    },
  };
}

function isInstalled(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * A log destination that writes its lines to `fd` a few at a time: a line waits in memory until
 * `maxBytes` have gathered or `maxWaitMs` have passed, so a busy server makes one write for many
 * requests instead of one each. A warning or worse goes out at once with everything before it,
 * and so does what waits when the process exits; a process killed outright loses at most the
 * last `maxWaitMs` of info lines.
 */
export function batchedLines(fd: number, maxBytes = 4096, maxWaitMs = 250) {
  // Writes what it is given at once, retrying while a pipe is full, as pino's default does.
  const out = pino.destination({ dest: fd, sync: true });
  let waiting = "";
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting === "") return;
    const lines = waiting;
    waiting = "";
    out.write(lines);
  };
  process.once("exit", flush);
  return {
    // pino then tells the destination each line's level before writing it.
    [pino.symbols.needsMetadataGsym]: true,
    lastLevel: 0,
    write(line: string): boolean {
      waiting += line;
      if (this.lastLevel >= 40 || waiting.length >= maxBytes) flush();
      else timer ??= setTimeout(flush, maxWaitMs).unref();
      return true;
    },
  };
}
