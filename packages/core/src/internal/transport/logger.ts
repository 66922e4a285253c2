import { redact } from "../secrets.js";

/** Severity of a log record, lowest first. */
export type LogLevel = "debug" | "info" | "warn" | "error";

/**
 * What a record is about: one request attempt, its answer, a retry, a wait, a final failure, a
 * poll, a followed redirect, a raised interval, a "did you mean" hint for an input value the
 * document does not list (logged before the request is sent), or an item a mirror skipped.
 */
export type LogEvent =
  | "request"
  | "response"
  | "retry"
  | "wait"
  | "give_up"
  | "poll"
  | "redirect"
  | "interval_raised"
  | "hint"
  | "item_skipped";

/** Structured fields of a record. Never holds headers, bodies or credentials. */
export interface LogFields {
  /** What the record is about. */
  event: LogEvent;
  /** The request's HTTP method. */
  method?: string | undefined;
  /** Origin and path; the query with credential-like parameters masked. */
  url?: string | undefined;
  /** The answer's HTTP status, when one arrived. */
  status?: number | undefined;
  /** Which attempt of the call (1 = the first). */
  attempt?: number | undefined;
  /** How long the transport waits before the next attempt, in ms. */
  delayMs?: number | undefined;
  /** The answer's request id, when it has one. */
  requestId?: string | undefined;
  /** Why the transport retries or gives up (an error kind or code). */
  reason?: string | undefined;
  /** Any other field the reporter adds (never a secret: they are scrubbed before logging). */
  [key: string]: unknown;
}

/**
 * A pluggable logger: any object with some of these methods; `console` itself fits.
 * Levels it lacks are dropped.
 */
export interface Logger {
  /** Receives `"debug"` records: every attempt and answer. */
  debug?(message: string, fields: LogFields): void;
  /** Receives `"info"` records: retries, waits, polls. */
  info?(message: string, fields: LogFields): void;
  /** Receives `"warn"` records: e.g. a raised poll interval. */
  warn?(message: string, fields: LogFields): void;
  /** Receives `"error"` records: a call that gave up. */
  error?(message: string, fields: LogFields): void;
}

/** How a component logs: where records go and from which level. */
export interface LogOptions {
  /** Where records go. Default: none — logging is off. */
  logger?: Logger | undefined;
  /** Records below this level are dropped. Default: `"info"` (retries, waits and failures; not every request). */
  logLevel?: LogLevel | undefined;
}

const LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error"];

/** Query parameters whose values are masked in logged URLs. */
const SECRET_PARAMS =
  /^(key|api[-_]?key|access[-_]?token|token|auth|authorization|sig|signature|password|secret)$/i;

/** A URL as it may be logged: no userinfo, no fragment, secret-looking query values masked. */
export function loggableUrl(url: string): string {
  try {
    const { origin, pathname, searchParams } = new URL(url);
    const query = new URLSearchParams(
      [...searchParams].map(([name, value]) => [
        name,
        SECRET_PARAMS.test(name) ? "[redacted]" : value,
      ]),
    ).toString();
    return origin + pathname + (query && `?${query}`);
  } catch {
    return "[unparsable url]";
  }
}

/** Emits records to a logger, filtering by level and scrubbing the given secrets from every string. */
export type Log = (
  level: LogLevel,
  message: string,
  fields: LogFields,
  secrets?: readonly string[],
) => void;

/** Builds the {@link Log} function the transport and the kit log through, from a logger and a level (defaults as in {@link LogOptions}). */
export function createLog({ logger, logLevel = "info" }: LogOptions): Log {
  return (level, message, fields, secrets = []) => {
    const sink = logger?.[level];
    if (LEVELS.indexOf(level) < LEVELS.indexOf(logLevel) || typeof sink !== "function") return;
    const scrub = (text: string) => redact(text, secrets);
    const clean: LogFields = { event: fields.event };
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined) clean[name] = typeof value === "string" ? scrub(value) : value;
    }
    try {
      sink.call(logger, scrub(message), clean);
    } catch {
      // A broken logger must never break a request.
    }
  };
}
