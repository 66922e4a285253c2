import { PUBLIC_FEED_URL } from "@feedgate/core/env";
import { describeEnvelope } from "@feedgate/gateway-client";
import { type FeedgateError, type FeedgateErrorKind, isFeedgateError } from "@feedgate/kit";
import { Interrupted, StepFailure, UsageError } from "./errors.js";
import { EXIT, type ExitCode } from "./exit-codes.js";

/** Where it failed: whether Ctrl-C started the stop, and the command (for its `--help`). */
type Context = { interrupted: boolean; command: string | undefined };

function isAbort(error: unknown): boolean {
  const e = error as { name?: unknown; kind?: unknown } | null | undefined;
  return error instanceof Interrupted || e?.name === "AbortError" || e?.kind === "aborted";
}

function seconds(ms: number | undefined): string {
  return ms === undefined ? "" : ` (it asked to wait ${Math.ceil(ms / 1000)} s)`;
}

/** "HTTP 404 not_found: detail (request id …)": status, the service's code, its message, the id. */
function serviceLine({ status, code, requestId }: FeedgateError, message?: string): string {
  let line = [status !== undefined && `HTTP ${status}`, code].filter(Boolean).join(" ");
  // The clients' own messages start with "HTTP <status>…:" too; say it once.
  if (message && line && message.startsWith(`${line}: `)) message = message.slice(line.length + 2);
  if (message) line += line ? `: ${message}` : message;
  if (requestId) line += ` (request id ${requestId})`;
  return line;
}

/** Commands that talk to the model gateway; every other command talks to the feed service. */
const GATEWAY_COMMANDS = new Set(["image", "respond", "tokens"]);

/** The service a command talks to, and the setting that points at it. */
function serviceOf(command: string | undefined): { name: string; setting: string } {
  return GATEWAY_COMMANDS.has(command ?? "")
    ? { name: "the model gateway", setting: "--gateway-url or FEEDGATE_GATEWAY_URL" }
    : {
        name: "the feed service",
        setting: `--feed-url or FEEDGATE_FEED_URL (default ${PUBLIC_FEED_URL})`,
      };
}

function hintFor(error: FeedgateError, command: string | undefined): string | undefined {
  const { status, envelope } = error;
  const gateway = GATEWAY_COMMANDS.has(command ?? "");
  const service = serviceOf(command);
  if (!gateway && (status === 401 || status === 403)) {
    return `the feed service is anonymous and takes no key: a ${status} comes from its edge refusing this client, or from something between; check ${service.setting}`;
  }
  if (status === 401) return "the gateway refused the key: check --api-key or FEEDGATE_API_KEY";
  if (error.code?.includes("quota")) return "the account has no quota left for this request";
  if (status === 403)
    return "the gateway refused access: check the key (FEEDGATE_API_KEY) and that it may use this model";
  if (
    gateway &&
    status === 404 &&
    error.kind !== "unsupported" &&
    (envelope === undefined || envelope.kind === "text" || envelope.kind === "empty")
  ) {
    return "a gateway route answered 404 without a gateway error: is FEEDGATE_GATEWAY_URL (--gateway-url) the model gateway's origin, not the feed or a web page?";
  }
  // The other way round: the feed answers every 404 with its Problem JSON; the gateway's
  // "Invalid URL" envelope or a web page's 404 means the feed URL points elsewhere.
  if (!gateway && status === 404 && error.kind !== "unsupported" && error.problem === undefined) {
    return "a feed route answered 404 without the feed's Problem JSON: this URL looks like the model gateway or a web page, not the feed service; check FEEDGATE_FEED_URL (--feed-url)";
  }
  return HINTS[error.kind](error, { command, gateway, service });
}

/** What a hint knows of where the failure happened. */
interface Where {
  command: string | undefined;
  /** True for the commands that talk to the model gateway. */
  gateway: boolean;
  service: { name: string; setting: string };
}

/** The hint of a failure no row says more about: a 5xx is the service's fault, worth retrying later. */
const serverFault = (error: FeedgateError, { gateway }: Where) =>
  error.status !== undefined && error.status >= 500
    ? `${gateway ? "the gateway" : "the service"} failed; retry later`
    : undefined;

/** The hints of the loop guards, by code. */
const LIMITS: Record<string, string> = {
  max_pages:
    "the walk reached --max-pages; raise it (e.g. --max-pages 5000) or narrow the query (--window, --category, --q)",
  cursor_loop: "the feed service repeated a page cursor; this is its fault, not yours: retry later",
};

/**
 * One hint per kind of failure, typed complete: a new kind in core's table does not compile
 * until it has a row here (the status checks in `hintFor` come first).
 */
const HINTS = {
  config: serverFault,
  invalid_request: (_, { gateway, command }) =>
    gateway
      ? "the gateway refused the request itself: check the model name and the parameters"
      : `the service refused the request; see 'feedgate ${command ?? ""} --help'`.replace(
          "  ",
          " ",
        ),
  invalid_cursor: () => "the cursor expired; start again from the first page",
  authentication: serverFault,
  permission_denied: serverFault,
  not_found: (_, { command }) =>
    command === "story"
      ? "the story may not exist, or the story layer may be unavailable for a while: check the id, or try again later"
      : "check the id or date you asked for",
  conflict: serverFault,
  snapshot_required: () =>
    "the change cursor is too old; the mirror takes a new snapshot when run again",
  rate_limited: (error, { gateway }) =>
    gateway && error.retryAfterMs === undefined
      ? "the gateway asked to slow down (it sends no Retry-After): wait a little, then retry"
      : `the service asked to slow down; retry later${seconds(error.retryAfterMs)}`,
  retry_too_long: (error) =>
    `the service asked to wait longer than the CLI will${seconds(error.retryAfterMs)}; retry later`,
  unavailable: (error) =>
    `the service is temporarily unavailable; retry later${seconds(error.retryAfterMs)}`,
  server: serverFault,
  network: (_, { service }) =>
    `could not reach ${service.name}: check ${service.setting} and the network`,
  timeout: (_, { service }) =>
    `no answer in time from ${service.name}; check ${service.setting} and the network, then retry`,
  aborted: serverFault,
  stream: serverFault,
  unsupported: () => "this gateway does not offer this operation",
  redirect: () => "the redirect was refused (loop, too many hops, or another origin)",
  invalid_response: serverFault,
  response_too_large: serverFault,
  task_failed: () => "the image task failed: try another prompt, model or settings",
  limit_exceeded: (error) =>
    LIMITS[error.code ?? ""] ?? "a safety limit of the CLI stopped the loop",
  http: serverFault,
} satisfies Record<FeedgateErrorKind, (error: FeedgateError, where: Where) => string | undefined>;

/** The first five frames of an error's stack, for `--verbose`. */
const stackOf = (error: unknown): string[] =>
  `${(error as { stack?: unknown } | null)?.stack ?? ""}`
    .split("\n")
    .slice(1, 6)
    .map((l) => l.trim());

/**
 * What the CLI prints for a failure: one line (what failed, the HTTP status and service code,
 * the request id), a hint, and detail for `--verbose`.
 */
const report = (exitCode: ExitCode, line: string, hint?: string, detail: string[] = []) => ({
  exitCode,
  line,
  hint,
  detail,
});
export type FailureReport = ReturnType<typeof report>;

/** Turns any failure into the CLI's report and exit code. */
export function describeFailure(error: unknown, ctx: Context): FailureReport {
  if (ctx.interrupted || isAbort(error))
    return report(EXIT.interrupted, "interrupted: stopped cleanly");
  const help = `see 'feedgate${ctx.command ? ` ${ctx.command}` : ""} --help'`;
  if (error instanceof UsageError) return report(EXIT.usage, error.message, error.hint ?? help);
  const what = error instanceof StepFailure ? error.what : undefined;
  const cause = error instanceof StepFailure ? error.cause : error;
  if (isAbort(cause)) return describeFailure(new Interrupted(), ctx);
  if (!isFeedgateError(cause)) {
    const message = cause instanceof Error ? cause.message : String(cause);
    return report(
      EXIT.failure,
      `${what ?? "command"} failed: ${message}`,
      undefined,
      stackOf(cause),
    );
  }
  if (cause.kind === "config") {
    const setting = cause.option === "baseUrl" ? serviceOf(ctx.command).setting : undefined;
    return report(EXIT.usage, cause.message, setting ? `check ${setting}` : help);
  }
  // The kit's validation refused the input before sending anything.
  if (cause.code === "invalid_argument")
    return report(EXIT.usage, `invalid ${cause.message}`, help);
  const detail = [`kind: ${cause.kind}`];
  if (cause.attempts !== undefined) detail.push(`attempts: ${cause.attempts}`);
  if (cause.problem) detail.push(`problem: ${JSON.stringify(cause.problem)}`);
  if (cause.envelope) detail.push(`envelope: ${JSON.stringify(cause.envelope)}`);
  const message =
    cause.problem?.detail ??
    (cause.envelope && cause.status !== undefined
      ? describeEnvelope(cause.envelope, cause.status).message
      : cause.message);
  return report(
    EXIT.failure,
    `${what ?? "request"} failed: ${serviceLine(cause, message)}`,
    hintFor(cause, ctx.command),
    [...detail, ...stackOf(cause)],
  );
}
