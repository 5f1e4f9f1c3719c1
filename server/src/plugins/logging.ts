import { createRequire } from "node:module";
import { hostname } from "node:os";
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from "fastify";
import pino from "pino";
import type { Config } from "../config.js";

/**
 * The API keys' prefix (the contract's `apiKeyPrefix`), written out: this file is loaded on its own
 * by processes that write logs without the contract.
 */
const apiKeyPrefix = "ak_live_";
const apiKeyInText = /ak_live_[A-Za-z0-9_%-]*/g;

export function redactTokens(url: string): string {
  // Most addresses have neither a query nor a reset link nor a key: nothing to look for.
  if (!url.includes("?") && !url.includes("/reset-password/") && !url.includes(apiKeyPrefix)) return url;
  return (
    url
      .replace(/([?&](?:token|code|state)=)[^&#]*/gi, "$1[redacted]")
      .replace(/(\/reset-password\/)[^/?#]+/, "$1[redacted]")
      // An API key belongs in the Authorization header (never logged); one pasted into an address is cut.
      .replace(apiKeyInText, `${apiKeyPrefix}[redacted]`)
  );
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
  readonly #base = `,"pid":${process.pid},"hostname":${json(hostname())}`;

  constructor(destination?: Destination) {
    super();
    this.#destination = destination;
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
          requestFields(request),
        )},"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`,
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
    }
  }
}

/** A request as its log line names it; `route` is left out when no route matched. */
function requestFields(request: LoggedRequest) {
  return {
    method: request.method,
    route: request.routeOptions?.url,
    url: redactTokens(request.url),
    remoteAddress: request.ip,
  };
}

/**
 * Fastify's logger options and the controller writing its request lines, to the same destination:
 * standard output (or `stream`), or pino-pretty's transport in development (see `loggerOptions`).
 */
export function requestLogging(config: Config, stream?: Destination) {
  const logger = loggerOptions(config, undefined, undefined, stream);
  const destination =
    typeof logger === "object" && "stream" in logger ? (logger.stream as Destination) : undefined;
  return { logger, logController: new OneLinePerRequest(destination) };
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
      req: requestFields,
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
