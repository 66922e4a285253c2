import {
  backoffDelay,
  type Clock,
  checkFraction,
  checkPositive,
  type FeedgateError,
  freshnessMs,
  isTransientError,
  type Log,
  type ResponseMeta,
  type Sleep,
  withJitter,
} from "@feedgate/core";
import { floorOf, intervalNotice } from "../internal/floor.js";
import { waitLoop } from "../internal/loop.js";
import { cadenceMs } from "./cadence.js";
import type { Caller } from "./call.js";
import type { CallOptions, FeedData, FeedOperationId, FeedParams } from "./types.js";

/** Options of `pollUntilChanged` (and, through it, of the watchers). */
export interface PollOptions extends CallOptions {
  /** An ETag already held: the first poll is conditional and yields only if it changed. Default: none. */
  etag?: string | undefined;
  /**
   * Wait at least this long between polls. Raised to the answer's `s-maxage` (else `max-age`)
   * when that is longer, with one `interval_raised` log event. Default: the resource's cadence
   * in `FEED_CADENCE` (60 s for hot topics and stories, 5 minutes for the reset calendar), else 0.
   */
  intervalMs?: number | undefined;
  /**
   * No two polls closer than this, whatever the answers say (`max-age=0`, `Retry-After: 0`).
   * At least 1000 ms; a lower value is refused. Default: 1000 ms.
   */
  floorMs?: number | undefined;
  /** Wait between polls when an answer has no `s-maxage`/`max-age`. Default: 60000 ms. */
  minIntervalMs?: number | undefined;
  /** Extra random wait, up to this fraction of the wait (never taken off it). Default: 0.1. */
  jitter?: number | undefined;
  /** Transient failures (429, 5xx, network, timeout) in a row before the poller throws the last. Default: 10. */
  maxConsecutiveErrors?: number | undefined;
  /** First wait after a transient failure without Retry-After; doubles per failure in a row, up to 10 minutes. Default: 30000 ms. */
  errorDelayMs?: number | undefined;
}

/** A new version of a polled resource. */
export interface PolledVersion<T> {
  /** The new version's parsed body. */
  data: T;
  /** Its ETag exactly as received (weak `W/` and quotes kept). */
  etag: string | undefined;
  /** Its response metadata. */
  meta: ResponseMeta;
  /** Which poll (1-based) brought it. */
  poll: number;
}

export interface PollDeps {
  caller: Caller;
  clock: Clock;
  sleep: Sleep;
  random: () => number;
  log: Log;
}

/** One conditional fetch of a polled resource: a new version, or "not modified". */
export interface Revalidated<T> {
  notModified: boolean;
  data: T | undefined;
  etag: string | undefined;
  meta: ResponseMeta;
}

/**
 * The polling loop shared by `pollUntilChanged` and `watchStory`: calls `fetchOnce` with the
 * ETag held (as `ifNoneMatch`) and yields each answer that is a new version, with the poll
 * number. Waits and error handling as described on {@link createPoller}.
 */
export async function* pollLoop<R extends Revalidated<unknown>>(
  { sleep, random, log }: Pick<PollDeps, "sleep" | "random" | "log">,
  label: string,
  fetchOnce: (call: CallOptions & { ifNoneMatch: string | undefined }) => Promise<R>,
  options: PollOptions,
  cadence = 0,
  retryable: (error: unknown) => boolean = isTransientError,
): AsyncGenerator<{ result: R; poll: number }, void, undefined> {
  const {
    etag: known,
    intervalMs,
    minIntervalMs = 60_000,
    jitter = 0.1,
    maxConsecutiveErrors = 10,
    errorDelayMs = 30_000,
    signal,
    maxRetries = 0,
    floorMs,
    ...call
  } = options;
  const floor = floorOf(floorMs);
  const raised = intervalNotice(log, label);
  checkPositive("intervalMs", intervalMs ?? 0);
  checkPositive("minIntervalMs", minIntervalMs);
  checkPositive("errorDelayMs", errorDelayMs);
  checkPositive("maxConsecutiveErrors", maxConsecutiveErrors, true);
  checkFraction("jitter", jitter);
  let etag = known;
  let lastBody: string | undefined;
  yield* waitLoop(
    {
      signal,
      sleep,
      floorMs: floor,
      // After a transient failure: the server's Retry-After (up to a day) instead, else a
      // doubling delay up to 10 minutes.
      retryAfter: "instead",
      failureWaitMs(error, errors) {
        if (!retryable(error) || errors >= maxConsecutiveErrors) throw error;
        return backoffDelay(errors, {
          initialDelayMs: errorDelayMs,
          maxDelayMs: 600_000,
          jitter: 0,
        });
      },
      onFailureWait(error, wait) {
        const { kind, message } = error as FeedgateError;
        log("warn", `${label}: ${message}; polling again in ${Math.round(wait)} ms`, {
          event: "wait",
          delayMs: wait,
          reason: kind,
        });
      },
    },
    async (poll) => {
      const result = await fetchOnce({ ...call, signal, maxRetries, ifNoneMatch: etag });
      const { data, meta } = result;
      let changed = false;
      if (!result.notModified) {
        // Without an ETag, compare bodies: only a different one is a new version.
        const body = result.etag === undefined ? JSON.stringify(data) : undefined;
        changed = result.etag === undefined ? body !== lastBody : result.etag !== etag;
        lastBody = body;
      }
      etag = result.etag;
      log("debug", `${label}: ${changed ? "new version" : "unchanged"}`, {
        event: "poll",
        status: meta.status,
        poll,
      });
      const lifetime = freshnessMs(meta.cacheControl) ?? minIntervalMs;
      const base = Math.max(floor, intervalMs ?? cadence, lifetime);
      raised(intervalMs, base, lifetime >= floor ? "s-maxage" : "floor");
      return {
        value: changed ? { result, poll } : undefined,
        waitMs: withJitter(base, jitter, random),
      };
    },
  );
}

/**
 * Polls any GET operation with conditional requests and yields only new versions: keeps the
 * ETag exactly as received and sends it as `If-None-Match`; a 304 means unchanged (and keeps
 * the sent ETag when it omits one). Waits between polls at least the answer's `s-maxage`
 * (else `max-age`, else `minIntervalMs`) and `intervalMs`, plus up to `jitter` more; after a 429
 * or 503 it waits the server's Retry-After instead (exactly; never less). Each poll is one
 * attempt (`maxRetries` 0 unless given): the poller's own waits replace the transport's.
 * Ends (returns) when `signal` fires; throws on a failure that is not transient. A story
 * (`storyByPublicId`) is revalidated through `fetchStory`, which follows its merges.
 */
export function createPoller(
  deps: PollDeps,
  fetchStory?: (
    publicId: string,
    call: CallOptions & { ifNoneMatch: string | undefined },
  ) => Promise<Revalidated<unknown>>,
) {
  const { caller } = deps;
  return async function* pollUntilChanged<Op extends FeedOperationId>(
    operation: Op,
    params?: FeedParams<Op>,
    options: PollOptions = {},
  ): AsyncGenerator<PolledVersion<FeedData<Op>>, void, undefined> {
    const storyId = (params as { path?: { publicId?: unknown } } | undefined)?.path?.publicId;
    const fetchOnce =
      operation === "storyByPublicId" && fetchStory !== undefined && typeof storyId === "string"
        ? (call: CallOptions & { ifNoneMatch: string | undefined }) => fetchStory(storyId, call)
        : (call: CallOptions & { ifNoneMatch: string | undefined }) =>
            caller.conditional(operation, params, call);
    const cadence = cadenceMs(operation);
    for await (const { result, poll } of pollLoop(deps, operation, fetchOnce, options, cadence)) {
      const { data, etag, meta } = result;
      yield { data: data as FeedData<Op>, etag, meta, poll };
    }
  };
}
