import { readProblem, type FeedClient } from "@feedgate/feed-client";
import { FeedgateError, fromFeedProblem, invalidArgument, isFeedgateError } from "../errors.js";
import type { Clock } from "../internal/time.js";
import { getResponseMeta, type ResponseMeta } from "../transport/meta.js";
import type { ResilientFetch } from "../transport/resilient-fetch.js";
import { validateFeedRequest } from "../validate/operations.js";
import type { ConditionalCallOptions, ConditionalResult, FeedData, FeedOperationId, FeedParams } from "./types.js";

/** A raw answer the kit still has to interpret (a 308 of a merged story). */
export interface RawAnswer {
  response: Response;
  data: unknown;
  meta: ResponseMeta;
  /** The URL requested, for resolving a relative `Location`. */
  url: string;
}

export interface Caller {
  /** One call: validated first, sent through the resilient transport, failures thrown as FeedgateError. */
  conditional<Op extends FeedOperationId>(op: Op, params: FeedParams<Op> | undefined, options?: ConditionalCallOptions): Promise<ConditionalResult<FeedData<Op>>>;
  /** Like `conditional`, but hands 3xx answers back (for the merge-follower) instead of failing on them. */
  raw(op: FeedOperationId, params: object | undefined, options: ConditionalCallOptions & { redirect?: RequestRedirect }): Promise<RawAnswer>;
}

type AnyGet = (path: string, init: Record<string, unknown>) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** An ETag is sent back as received; it only has to be a legal header value. */
function checkEtag(etag: string | undefined): void {
  if (etag === undefined) return;
  if (typeof etag !== "string" || etag === "" || /[\r\n\0]/.test(etag)) throw invalidArgument("ifNoneMatch", "must be an ETag as received (a non-empty header value)");
}

/** Anything thrown while calling, as a FeedgateError (other kit-independent errors pass unchanged). */
function normalise(error: unknown, signal: AbortSignal | undefined): unknown {
  if (isFeedgateError(error)) return error;
  if (signal?.aborted) return new FeedgateError({ kind: "aborted", code: "aborted", message: "the call was aborted by its signal", cause: signal.reason });
  if (error instanceof SyntaxError) {
    return new FeedgateError({ kind: "invalid_response", code: "not_json", message: `the answer was not valid JSON: ${error.message}` });
  }
  if (error instanceof TypeError && !("isFeedClientConfigError" in error)) {
    return new FeedgateError({ kind: "network", code: "network_error", message: `connection failed: ${error.message}` });
  }
  return error;
}

export function createCaller(client: FeedClient, transport: ResilientFetch, clock: Clock): Caller {
  const get = client.GET as unknown as AnyGet;

  async function raw(op: FeedOperationId, params: object | undefined, options: ConditionalCallOptions & { redirect?: RequestRedirect }): Promise<RawAnswer> {
    const p = (params ?? {}) as { query?: object; path?: object };
    const checked = validateFeedRequest(op, { query: p.query, path: p.path });
    const extraKeys = Object.keys(p).filter((k) => k !== "query" && k !== "path");
    if (extraKeys.length > 0) throw invalidArgument(extraKeys[0]!, "unknown; parameters go in { query } or { path }");
    checkEtag(options.ifNoneMatch);
    const { signal, maxRetries, timeoutMs, deadlineMs, ifNoneMatch, redirect } = options;
    const overrides = { maxRetries, timeoutMs, deadlineMs };
    const hasOverrides = Object.values(overrides).some((v) => v !== undefined);
    const init: Record<string, unknown> = {
      params: { query: checked.query, path: checked.pathParams },
    };
    if (signal !== undefined) init["signal"] = signal;
    if (ifNoneMatch !== undefined) init["headers"] = { "If-None-Match": ifNoneMatch };
    if (hasOverrides) init["fetch"] = transport.withOptions(Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)));
    // The feed redirects only merged stories; the kit handles those itself (getStory), and never lets fetch follow a redirect elsewhere.
    init["redirect"] = redirect ?? "manual";
    let result: Awaited<ReturnType<AnyGet>>;
    try {
      result = await get(checked.path, init);
    } catch (error) {
      throw normalise(error, signal);
    }
    const meta = getResponseMeta(result.response);
    const { response } = result;
    if (response.status >= 400) {
      const failure = readProblem(result);
      throw fromFeedProblem(failure!, response.headers, { now: () => clock.now(), attempts: meta.retries + 1 });
    }
    return { response, data: result.data, meta, url: response.url || meta.url };
  }

  async function conditional<Op extends FeedOperationId>(op: Op, params: FeedParams<Op> | undefined, options: ConditionalCallOptions = {}) {
    const answer = await raw(op, params, options);
    const { response, data, meta } = answer;
    if (response.status === 304) {
      // A 304 may omit the ETag: the one sent is still the current one.
      return { notModified: true, data: undefined, etag: meta.etag ?? options.ifNoneMatch, meta } as ConditionalResult<FeedData<Op>>;
    }
    if (response.status >= 300 || response.status === 0) {
      throw new FeedgateError({
        kind: "redirect",
        code: "unexpected_redirect",
        status: response.status,
        message: op === "storyByPublicId" ? "the story was merged (308): use getStory, which follows merges" : `unexpected ${response.status} answer`,
      });
    }
    if (typeof data !== "object" || data === null) {
      throw new FeedgateError({ kind: "invalid_response", code: "empty_body", status: response.status, requestId: meta.requestId, message: `${op} answered ${response.status} without a JSON body` });
    }
    return { notModified: false, data: data as FeedData<Op>, etag: meta.etag, meta } as ConditionalResult<FeedData<Op>>;
  }

  return { raw, conditional };
}
