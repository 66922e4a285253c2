import {
  checkPositive,
  type FeedgateError,
  isFeedgateError,
  isTransientError,
  type ResponseMeta,
} from "@feedgate/core";
import type { DailiesQuery, DailiesResponse, DailyResponse } from "@feedgate/feed-client";
import { POLL_FLOOR_MS } from "../internal/floor.js";
import { waitLoop } from "../internal/loop.js";
import { FEED_CADENCE, minutesOf, nextCheckAt } from "./cadence.js";
import type { PollDeps } from "./poll.js";
import type { CallOptions, FeedData } from "./types.js";

/** Options of `watchLatestDaily`. */
export interface WatchDailyOptions extends CallOptions {
  /**
   * Times of day to check, `HH:MM` in Asia/Shanghai (UTC+8, no daylight saving). Reports
   * publish once a day at 08:00 there, so: shortly after, then twice later for late ones.
   * Default: `["08:05", "10:00", "16:00"]`. The watcher also checks once when it starts.
   */
  checkTimes?: readonly string[] | undefined;
  /** Random delay added to each scheduled check, so clients do not all call at once. Default: 120000 ms. */
  jitterMs?: number | undefined;
  /** After a transient failure, try again this soon (or at the next scheduled time, if sooner). Default: 600000 ms. */
  errorRetryMs?: number | undefined;
  /** An ETag already held: a check yields only if the report changed. Default: none. */
  etag?: string | undefined;
}

/** A new version of a daily resource: what `watchLatestDaily` and `watchDailies` yield. */
export interface ScheduledUpdate<T> {
  /** The new version. */
  data: T;
  /** Its ETag as received, to pass as `etag` when watching again. */
  etag: string | undefined;
  /** Its response metadata. */
  meta: ResponseMeta;
}
/** A new latest daily report. */
export type DailyUpdate = ScheduledUpdate<DailyResponse>;
/** A new version of the daily archive. */
export type DailiesUpdate = ScheduledUpdate<DailiesResponse>;

/** Options of `watchDailies`: those of `watchLatestDaily`, with the archive's own check times. */
export interface WatchDailiesOptions extends WatchDailyOptions {
  /**
   * Times of day to check the archive, `HH:MM` in Asia/Shanghai (UTC+8). The archive changes
   * when a report is published (once a day, 08:00 there), and the document asks it to be polled
   * a few times a day at most. Default: `["08:15", "20:00"]`. The watcher also checks once when
   * it starts.
   */
  checkTimes?: readonly string[] | undefined;
  /** The archive query (`limit`, default 30 as the service has it). Default: none. */
  query?: DailiesQuery | undefined;
}

/**
 * `watchLatestDaily` and `watchDailies`: check one operation a few times a day, once at start,
 * then at `checkTimes` (default: its `FEED_CADENCE`, Asia/Shanghai) plus jitter, with
 * conditional requests, yielding each new version; "none published yet" (404) just waits for
 * the next check; a transient failure is retried after `errorRetryMs` (never before the
 * server's Retry-After). Ends when `signal` fires.
 */
export function scheduledWatcher<Op extends "latestDaily" | "dailies">(
  { caller, clock, sleep, random, log }: PollDeps,
  operation: Op,
) {
  return async function* watch(
    options: WatchDailyOptions & { query?: DailiesQuery | undefined } = {},
  ): AsyncGenerator<ScheduledUpdate<FeedData<Op>>, void, undefined> {
    const {
      checkTimes = FEED_CADENCE[operation].checkTimes,
      jitterMs = 120_000,
      errorRetryMs = 600_000,
      etag: known,
      signal,
      query,
      ...call
    } = options;
    checkPositive("jitterMs", jitterMs);
    checkPositive("errorRetryMs", errorRetryMs);
    const minutes = minutesOf(checkTimes);
    const params = (
      operation === "dailies" && query !== undefined ? { query } : undefined
    ) as never;
    let etag = known;
    /** The wait until the next scheduled check, plus jitter. */
    const untilNextCheck = () => {
      const now = clock.now();
      return nextCheckAt(now, minutes) + jitterMs * random() - now;
    };
    yield* waitLoop(
      {
        signal,
        sleep,
        floorMs: POLL_FLOOR_MS,
        // The server's Retry-After: no check before it, even a scheduled one.
        retryAfter: "longer",
        failureWaitMs(error) {
          if (!isTransientError(error)) throw error;
          return Math.min(errorRetryMs, untilNextCheck());
        },
        onFailureWait(error, wait) {
          log(
            "warn",
            `${operation}: ${(error as FeedgateError).message}; trying again in ${wait} ms`,
            { event: "wait", delayMs: wait },
          );
        },
      },
      async () => {
        try {
          const result = await caller.conditional(operation, params, {
            ...call,
            signal,
            ifNoneMatch: etag,
          });
          const changed = !result.notModified && result.etag !== etag;
          etag = result.etag;
          const value =
            changed && result.data
              ? { data: result.data as FeedData<Op>, etag, meta: result.meta }
              : undefined;
          return { value, waitMs: untilNextCheck() };
        } catch (error) {
          // None published yet: not a failure, just nothing until the next check.
          if (!isFeedgateError(error, "not_found") || signal?.aborted) throw error;
          log("info", "no daily report published yet", { event: "poll", status: 404 });
          return { waitMs: untilNextCheck() };
        }
      },
    );
  };
}
