import {
  type Clock,
  getResponseMeta,
  invalidArgument,
  type Log,
  type ResponseMeta,
  stripUndefined,
} from "@feedgate/core";
import { errorOfResult, type FeedClient } from "@feedgate/feed-client";
import { badAnswer, errorOfThrown, redirectError } from "../internal/errors.js";
import { type FeedOperation, validateFeedRequest } from "../internal/validate/operations.js";
import type {
  ConditionalCallOptions,
  ConditionalResult,
  FeedData,
  FeedOperationId,
  FeedParams,
} from "./types.js";

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
  conditional<Op extends FeedOperationId>(
    op: Op,
    params: FeedParams<Op> | undefined,
    options?: ConditionalCallOptions,
  ): Promise<ConditionalResult<FeedData<Op>>>;
  /** Like `conditional`, but hands 3xx answers back (for the merge-follower) instead of failing on them. */
  raw(
    op: FeedOperationId,
    params: object | undefined,
    options: ConditionalCallOptions & { redirect?: RequestRedirect },
  ): Promise<RawAnswer>;
}

type AnyGet = (
  path: string,
  init: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * The containers each operation's answer must have (what readers index into), from the feed
 * document's required properties: a 200 from a proxy, a maintenance page or a hostile server
 * that lacks them fails here, typed, rather than later as a TypeError in the caller's code.
 */
const ANSWER_SHAPES: Partial<Record<FeedOperationId, Record<string, "array" | "object">>> = {
  items: { items: "array", page: "object" },
  hotTopics: { items: "array" },
  codexResets: { events: "array" },
  codexResetsRecent: { events: "array" },
  storyByPublicId: { story: "object" },
  dailies: { items: "array" },
  latestDaily: { report: "object" },
  dailyByDate: { report: "object" },
  selectedSnapshot: { items: "array" },
  selectedChanges: { changes: "array" },
};

/** What is wrong with an answer's shape, or undefined when it has every container. */
function shapeProblem(op: FeedOperationId, data: object): string | undefined {
  if (Array.isArray(data)) return "an array, not an object";
  for (const [name, type] of Object.entries(ANSWER_SHAPES[op] ?? {})) {
    const value = (data as Record<string, unknown>)[name];
    const ok =
      type === "array"
        ? Array.isArray(value)
        : typeof value === "object" && value !== null && !Array.isArray(value);
    if (!ok) return `\`${name}\` is not ${type === "array" ? "an array" : "an object"}`;
  }
  return undefined;
}

export function createCaller(client: FeedClient, clock: Clock, log: Log = () => {}): Caller {
  const getOf = (c: FeedClient) => c.GET as unknown as AnyGet;

  async function raw(
    op: FeedOperationId,
    params: object | undefined,
    options: ConditionalCallOptions & { redirect?: RequestRedirect },
  ): Promise<RawAnswer> {
    // An operation the document dropped fails validation before sending (unknown feed operation).
    const { path, query, pathParams, hints } = validateFeedRequest(op as FeedOperation, params);
    // A near miss of a known value (a misspelt category) is said before sending, and sent anyway.
    for (const hint of hints) log("warn", `${op}: ${hint}`, { event: "hint" });
    const { signal, maxRetries, timeoutMs, deadlineMs, ifNoneMatch, redirect = "manual" } = options;
    // An ETag is sent back as received; it only has to be a legal header value.
    if (
      ifNoneMatch !== undefined &&
      (typeof ifNoneMatch !== "string" || !ifNoneMatch || /[\r\n\0]/.test(ifNoneMatch))
    ) {
      throw invalidArgument("ifNoneMatch", "a non-empty header value");
    }
    const overrides = stripUndefined({ maxRetries, timeoutMs, deadlineMs });
    // The feed redirects only merged stories; the kit handles those itself (getStory), and never lets fetch follow a redirect elsewhere.
    const init: Record<string, unknown> = { params: { query, path: pathParams }, redirect };
    if (signal) init["signal"] = signal;
    if (ifNoneMatch) init["headers"] = { "If-None-Match": ifNoneMatch };
    const through = Object.keys(overrides).length > 0 ? client.withOptions(overrides) : client;
    let result: Awaited<ReturnType<AnyGet>>;
    try {
      result = await getOf(through)(path, init);
    } catch (error) {
      throw errorOfThrown(error, signal, op);
    }
    const { response, data } = result;
    const meta = getResponseMeta(response);
    const failure = errorOfResult(result, () => clock.now());
    if (failure) {
      // The service refused it: the hint is the likely fix.
      if (failure.status === 400 && hints.length > 0)
        failure.message = `${failure.message} (${hints.join("; ")})`;
      throw failure;
    }
    return { response, data, meta, url: meta.url };
  }

  async function conditional<Op extends FeedOperationId>(
    op: Op,
    params: FeedParams<Op> | undefined,
    options: ConditionalCallOptions = {},
  ) {
    const { response, data, meta } = await raw(op, params, options);
    const { status } = response;
    const { requestId, etag } = meta;
    // A 304 may omit the ETag: the one sent is still the current one.
    if (status === 304)
      return {
        notModified: true,
        data: undefined,
        etag: etag ?? options.ifNoneMatch,
        meta,
      } as ConditionalResult<FeedData<Op>>;
    if (status >= 300 || !status) {
      const message = `${op} answered ${status}${op === "storyByPublicId" ? ": use getStory, which follows merges" : ""}`;
      throw redirectError("unexpected_redirect", message, status);
    }
    if (typeof data !== "object" || data === null)
      throw badAnswer("empty_body", `${op} answered ${status} without a JSON body`, {
        status,
        requestId,
      });
    const wrong = shapeProblem(op, data);
    if (wrong !== undefined) {
      const message = `${op} answered ${status} with a body that is not its shape (${wrong})`;
      throw badAnswer("unexpected_shape", message, { status, requestId });
    }
    return { notModified: false, data: data as FeedData<Op>, etag, meta } as ConditionalResult<
      FeedData<Op>
    >;
  }

  return { raw, conditional };
}
