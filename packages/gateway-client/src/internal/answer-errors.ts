import {
  createError,
  type FeedgateError,
  type FeedgateErrorKind,
  getResponseMeta,
  isFeedgateError,
  kindOfStatus,
  parseRetryAfterHeaders,
  type ResponseMeta,
  requestIdOf,
} from "@feedgate/core";
import { codesOf, isFinalAnswer, kindOfCode, messageOf } from "./codes.js";
import { describeEnvelope, type GatewayEnvelope, parseEnvelope, statusNamed } from "./envelope.js";
import { explain } from "./explain.js";
import { type GatewayOperationId, IMAGE_ANSWERS, OPERATIONS } from "./operations.js";
import type { CallInit, Sent } from "./request.js";

/**
 * Builds an error of the family (core's `createError`) from positional parts, shorter than an
 * init object at each call site. `message` never carries the request id or the key.
 */
export function gatewayError(
  kind: FeedgateErrorKind,
  code: string,
  message: string,
  status?: number,
  requestId?: string,
  envelope?: GatewayEnvelope,
): FeedgateError {
  return createError({ kind, code, message, status, requestId, envelope });
}

/**
 * True for the gateway's NoRoute answer to this very request: 404, `type: invalid_request_error`
 * and the message `Invalid URL (<METHOD> <path>)` naming the method and path that were sent (a
 * proxy that strips a path prefix leaves the gateway a suffix of it).
 */
function isNoRoute(envelope: GatewayEnvelope, status: number, meta: ResponseMeta): boolean {
  if (
    status !== 404 ||
    envelope.kind !== "openai" ||
    envelope.error.type !== "invalid_request_error"
  )
    return false;
  const match = /^Invalid URL \((\S+) (\S+)\)$/.exec(envelope.error.message);
  if (!match || meta.url === "") return false;
  const [, method, path] = match as unknown as [string, string, string];
  return method === meta.method && new URL(meta.url).pathname.endsWith(path);
}

/**
 * What the gateway's failed answers mean, as the typed errors of the family, for one client:
 * `hide` redacts its key from every text an error quotes; `unrouted`, the operations its gateway
 * answered as unrouted (the retry hook reads it too), grows as the answers here show them.
 */
export function answerErrors(hide: (text: string) => string, unrouted: Set<GatewayOperationId>) {
  /** An answer's request id, redacted like every text the gateway echoes. */
  const idOf = (headers: Headers) => {
    const id = requestIdOf(headers);
    return id && hide(id);
  };
  /** The envelope of an error in a 2xx answer (its text redacted first), or undefined when it has none. */
  const envelopeIn = (text: string) => {
    const envelope = parseEnvelope(hide(text));
    return envelope.kind === "text" || envelope.kind === "empty" ? undefined : envelope;
  };

  /** The typed error a non-2xx answer names. */
  function failed(id: GatewayOperationId, { error, response }: Sent, init: CallInit) {
    const { status, headers } = response;
    const meta = getResponseMeta(response);
    // Redacted as raw text, before parsing or any truncation: property names and escaped echoes go too.
    // An empty body (Content-Length: 0) leaves `error` undefined: envelope kind `empty`.
    const envelope = parseEnvelope(
      hide(typeof error === "string" ? error : (JSON.stringify(error) ?? "")),
    );
    const maybe = OPERATIONS[id].maybeUnrouted;
    // Only the gateway's own NoRoute passes its Cache middleware; one relayed from a chained
    // upstream that lacks the route concerns this call's channel alone, and is not remembered.
    const ownNoRoute =
      maybe || id === "getImageTask" || /max-age=604800/.test(headers.get("cache-control") ?? "");
    const isUnrouted =
      (ownNoRoute && isNoRoute(envelope, status, meta)) ||
      // The web limiter's 429 on an operation another call already found unrouted.
      (status === 429 && unrouted.has(id)) ||
      (maybe &&
        ([405, 501].includes(status) ||
          (status === 404 && (envelope.kind === "empty" || envelope.kind === "text"))));
    if (isUnrouted) unrouted.add(id);
    return errorOf(id, init, envelope, status, headers, meta.attempts, isUnrouted);
  }

  /** The typed error an envelope names: of an HTTP failure, or one a 200 carried (then `status` is the one its code names). */
  function errorOf(
    id: GatewayOperationId,
    init: CallInit,
    envelope: GatewayEnvelope,
    status: number,
    headers: Headers,
    attempts?: number,
    isUnrouted = false,
  ): FeedgateError {
    const { code, message } = describeEnvelope(envelope, status);
    const coded = kindOfCode(code, status);
    // The gateway's own errors are `new_api_error`; any other envelope was relayed from a channel.
    const relayed = (envelope as { error?: { type?: unknown } }).error?.type !== "new_api_error";
    // A relayed 404/405 on an async submit: the channel has no async endpoint (nothing was billed).
    // (An unrouted one is said as such: `isUnrouted` comes first wherever both are read.)
    const noAsync =
      relayed && (status === 404 || status === 405) && init.params?.query?.["async"] === true;
    // A 429 is rate_limited whatever its code; one naming a quota is marked final below.
    // A relayed 401/403 is the channel's credential, not the caller's key: unavailable.
    const refusedUpstream =
      relayed && envelope.kind !== "empty" && (status === 401 || status === 403);
    const unsupported = isUnrouted || noAsync;
    let kind = coded ?? kindOfStatus(status);
    if (coded !== "not_found" && (unsupported || refusedUpstream))
      kind = unsupported ? "unsupported" : "unavailable";
    // Only getImageTask's path has a task id.
    const taskId = (init.params as { path?: { task_id?: string } } | undefined)?.path?.task_id;
    const named =
      (isUnrouted && "unsupported_by_gateway") || (noAsync && "async_unsupported") || code;
    const why = isUnrouted ? "" : explain(id, status, named, message, init, taskId, kind);
    return createError({
      kind,
      status,
      code: named,
      requestId: idOf(headers),
      retryAfterMs: status === 429 ? parseRetryAfterHeaders(headers) : undefined,
      attempts,
      envelope,
      taskId: taskId && hide(taskId),
      // The same table the retry hook reads: what the transport gave up on is never transient.
      final: isFinalAnswer(codesOf(envelope), messageOf(envelope)) || undefined,
      message: isUnrouted
        ? `${id} is not supported by this gateway (HTTP ${status}: ${message})`
        : hide(`${id} failed: HTTP ${status} ${code}: ${message}${why}`),
    });
  }

  function invalidResponse(id: GatewayOperationId, problem: string, response?: Response) {
    return gatewayError(
      "invalid_response",
      "invalid_response",
      `${id}: the gateway's ${response ? `HTTP ${response.status} ` : ""}answer is not of the operation's shape: ${problem}`,
      response?.status,
      response && idOf(response.headers),
    );
  }

  return {
    idOf,
    failed,

    /** Refuses a call of an operation an earlier call found unrouted, before anything is sent. */
    refuseUnrouted(id: GatewayOperationId): void {
      if (unrouted.has(id))
        throw gatewayError(
          "unsupported",
          "unsupported_by_gateway",
          `${id} is not supported by this gateway: it answered an earlier call as unrouted, so this one was not sent`,
        );
    },

    /** What a call rejects with when sending it or reading its answer threw `error`. */
    thrown(id: GatewayOperationId, error: unknown): unknown {
      // A 2xx body that is not JSON surfaces as JSON.parse's SyntaxError.
      if (error instanceof SyntaxError) return invalidResponse(id, "not JSON");
      if (isFeedgateError(error, "response_too_large") && IMAGE_ANSWERS.has(id))
        return createError({
          ...error.toJSON(),
          message: `${error.message} (the call was billed: raise the client's maxResponseBytes)`,
          cause: error.cause,
        });
      // A refused cross-origin 301/302 on an operation the gateway may not route: the node sent it to its console.
      if (
        !isFeedgateError(error, "redirect") ||
        error.code !== "cross_origin_refused" ||
        !OPERATIONS[id].maybeUnrouted ||
        (error.status !== 301 && error.status !== 302)
      )
        return error;
      unrouted.add(id);
      return createError({
        kind: "unsupported",
        status: error.status,
        code: "unsupported_by_gateway",
        message: `${id} is not supported by this gateway: it answered HTTP ${error.status} with a redirect (${error.message})`,
        cause: error,
      });
    },

    /**
     * A 2xx JSON answer not of the operation's shape (`problem`). An upstream 200 whose `error`
     * has a type (or is a string) is answered by the gateway as HTTP 200 `{"error":{…}}`
     * (relay_responses.go:33-35): the typed error that envelope names (a numeric code is the
     * status it names, else a server error), so its code survives; else `invalid_response`.
     */
    notOfShape(id: GatewayOperationId, { data, response }: Sent, init: CallInit, problem: string) {
      const error = (data as { error?: unknown } | null)?.error;
      const body = typeof error === "string" ? { error: { message: error } } : data;
      const envelope = error != null && envelopeIn(JSON.stringify(body));
      if (!envelope) return invalidResponse(id, problem, response);
      const { attempts } = getResponseMeta(response);
      const status = statusNamed(envelope) ?? 500;
      return errorOf(id, init, envelope, status, response.headers, attempts);
    },

    /**
     * The error of a raw JSON line in a 200 stream, or undefined for any other line. With pings
     * on, the gateway commits a 200 before the upstream answers: an upstream error then arrives
     * as such a line (no `data:`).
     */
    rawLine(id: GatewayOperationId, init: CallInit, response: Response, line: string) {
      const envelope = envelopeIn(line);
      if (envelope === undefined) return undefined;
      const named = statusNamed(envelope);
      if (named !== undefined) return errorOf(id, init, envelope, named, response.headers);
      const { code, message } = describeEnvelope(envelope, response.status);
      return gatewayError(
        "stream",
        code,
        hide(`the gateway reported an error in place of the stream: ${message}`),
        response.status,
        idOf(response.headers),
        envelope,
      );
    },
  };
}
