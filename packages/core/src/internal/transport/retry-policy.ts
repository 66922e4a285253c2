import { stripUndefined } from "../checks.js";

/**
 * When a failed attempt is repeated: the policy as data (statuses, methods) plus one hook through
 * which a client adds its own service's knowledge (final codes, free routes, body-borne waits),
 * as ky's `retry` options and octokit's `doNotRetry` do. The mechanism (attempts, timeouts,
 * backoff, Retry-After) is `resilient-fetch.ts`; the rule in words is in the README.
 */

/** A failed attempt, as the {@link RetryPolicy.shouldRetry} hook sees it. */
export interface RetryFailure {
  /** The request as sent. It carries credentials: never log or quote it. */
  request: Request;
  /** The failure status; undefined when no answer arrived (connection failure, timeout, an HTML page where JSON was asked). */
  status: number | undefined;
  /** The answer's body parsed as JSON; undefined when there was none or it was not JSON. */
  body: unknown;
  /** The wait the answer's headers ask for (`Retry-After`, `retry-after-ms`), in ms; undefined when none. */
  headerWaitMs?: number | undefined;
}

/** What the hook says about one failed attempt. Every field may be left out. */
export interface RetryAdvice {
  /**
   * `false`: repeating cannot succeed (never retried); `true`: the request is safe to repeat
   * whatever its method (every retryable failure is retried); undefined: the policy's data decides.
   */
  retry?: boolean | undefined;
  /** A wait the body asks for, in ms; the longest of it and the headers' (`Retry-After`, `retry-after-ms`) is honoured. */
  retryAfterMs?: number | undefined;
  /** The service's code of the failure, for the error when the asked wait is too long (`retry_too_long`). Default: `http_<status>`. */
  code?: string | undefined;
}

/** Which failed attempts the transport repeats. Every field has a default; `{}` is the rule of the README. */
export interface RetryPolicy {
  /** Statuses another attempt may fix (besides `x-should-retry: true`). Default: 408, 429, 500, 502, 503, 504. */
  statusCodes?: readonly number[] | undefined;
  /** Methods safe to repeat: every retryable failure of them is retried. Default: GET, HEAD, OPTIONS, PUT, DELETE, TRACE. */
  methods?: readonly string[] | undefined;
  /**
   * Statuses that prove the server did no work, so a request of any other method is repeated
   * too (a 503 counts when it carries a server-directed wait). Default: 408, 429.
   */
  refusedStatusCodes?: readonly number[] | undefined;
  /**
   * The one hook: asked for every failed attempt (status or connection failure) before the
   * data above decides, e.g. to refuse a code the service marks final or to declare a free POST
   * route idempotent. Default: none (the data decides alone).
   */
  shouldRetry?: ((failure: RetryFailure) => RetryAdvice | undefined) | undefined;
}

/** The defaults of {@link RetryPolicy}. */
export const RETRY_POLICY_DEFAULTS = {
  /** Statuses another attempt may fix. */
  statusCodes: [408, 429, 500, 502, 503, 504],
  /** Methods safe to repeat. */
  methods: ["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE"],
  /** Statuses that prove the server did no work. */
  refusedStatusCodes: [408, 429],
} as const;

/** How one attempt ended: `answer` is final; every other tag is a failure the loop may retry. */
export interface Outcome {
  tag: "answer" | "status" | "invalid" | "too_large" | "network" | "attempt_timeout" | "deadline";
  /** The answer, when one arrived (its body already read, except a streamed one's). */
  response?: Response | undefined;
  /** What the attempt rejected with (a connection failure). */
  error?: unknown;
  /** A failure status's server-directed wait, in ms: the longest of the headers' and the hook's. */
  wait?: number | undefined;
  /** What the policy's hook said about a failure status. */
  advice?: RetryAdvice | undefined;
  /** The answer's `x-should-retry` header. */
  hint?: string | null;
}

/** A {@link RetryPolicy} with its defaults filled in: resolved once per transport and per `withOptions` that changes it. */
export interface Policy extends RetryPolicy {
  statusCodes: readonly number[];
  methods: readonly string[];
  refusedStatusCodes: readonly number[];
}

/** The policy of the defaults, then each given one field by field. */
export const resolvePolicy = (...policies: Array<RetryPolicy | undefined>): Policy =>
  Object.assign({}, RETRY_POLICY_DEFAULTS, ...policies.map((p) => stripUndefined(p ?? {})));

/** Connection errors raised before a connection existed, so nothing was sent. */
const CONNECT_PHASE =
  /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|UND_ERR_CONNECT_TIMEOUT)$/;

/** True when a fetch rejection certainly happened before the request left (best effort: reads `cause.code`). */
export function failedBeforeSending(error: unknown): boolean {
  const codes: unknown[] = [];
  const collect = (e: unknown) => {
    const { code, errors } = (e ?? {}) as { code?: unknown; errors?: unknown };
    if (code !== undefined) codes.push(code);
    if (Array.isArray(errors)) errors.forEach(collect);
  };
  collect((error as { cause?: unknown } | undefined)?.cause);
  return codes.length > 0 && codes.every((c) => CONNECT_PHASE.test(c as string));
}

/**
 * Whether a failed attempt may be repeated, by the policy's data and then its hook: never after
 * the deadline or a body over its cap, nor what the hook or `x-should-retry: false` calls final;
 * always for an idempotent request; otherwise only where no work can have been done.
 */
export function isRetryable(
  policy: Policy,
  { tag, response, error, wait, advice, hint }: Outcome,
  request: Request,
  declared: boolean | undefined,
): boolean {
  if (tag === "deadline" || tag === "too_large") return false;
  if (tag !== "status")
    advice = policy.shouldRetry?.({ request, status: undefined, body: undefined });
  if (advice?.retry === false || hint === "false") return false;
  if (declared ?? (advice?.retry === true || policy.methods.includes(request.method.toUpperCase())))
    return true;
  if (tag === "network") return failedBeforeSending(error);
  const status = response?.status;
  return (
    tag === "status" &&
    (policy.refusedStatusCodes.includes(status!) || (status === 503 && wait !== undefined))
  );
}
