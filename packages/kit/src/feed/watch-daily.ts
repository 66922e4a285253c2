import {
  checkPositive,
  type FeedgateError,
  invalidArgument,
  isFeedgateError,
  isTransientError,
  type ResponseMeta,
} from "@feedgate/core";
import type { DailiesQuery, DailiesResponse, DailyResponse } from "@feedgate/feed-client";
import { POLL_FLOOR_MS } from "../internal/floor.js";
import { waitLoop } from "../internal/loop.js";
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

/** A new latest daily report. */
export interface DailyUpdate {
  /** The new report version. */
  data: DailyResponse;
  /** Its ETag as received, to pass as `etag` when watching again. */
  etag: string | undefined;
  /** Its response metadata. */
  meta: ResponseMeta;
}

const MINUTE = 60_000;
/** Asia/Shanghai is UTC+8 all year (no daylight saving). */
const SHANGHAI_OFFSET_MS = 480 * MINUTE;
const DAY_MS = 1440 * MINUTE;

/** The first of the given Shanghai times of day (minutes after midnight) strictly after `now` (epoch ms). */
export function nextCheckAt(now: number, minutes: readonly number[]): number {
  const midnight = now - ((now + SHANGHAI_OFFSET_MS) % DAY_MS);
  const times = minutes.flatMap((m) => [m, m + 1440]).map((m) => midnight + m * MINUTE);
  return Math.min(...times.filter((at) => at > now));
}

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

/** A new version of the daily archive. */
export interface DailiesUpdate {
  /** The new index version. */
  data: DailiesResponse;
  /** Its ETag as received, to pass as `etag` when watching again. */
  etag: string | undefined;
  /** Its response metadata. */
  meta: ResponseMeta;
}

type Scheduled = "latestDaily" | "dailies";

function minutesOf(checkTimes: readonly string[]): number[] {
  const minutes = checkTimes.map((time) => {
    const [, h, m] = /^(\d\d):(\d\d)$/.exec(time) ?? [];
    if (!(Number(h) < 24 && Number(m) < 60))
      throw invalidArgument(
        "checkTimes",
        `times are HH:MM (00:00–23:59); got ${JSON.stringify(time)}`,
      );
    return Number(h) * 60 + Number(m);
  });
  if (!minutes.length) throw invalidArgument("checkTimes", "at least one time of day");
  return minutes;
}

/**
 * Checks one operation a few times a day: once at start, then at `checkTimes` (Asia/Shanghai)
 * plus jitter, with conditional requests, yielding each new version; "none published yet"
 * (404) just waits for the next check; a transient failure is retried after `errorRetryMs`
 * (never before the server's Retry-After). Ends when `signal` fires.
 */
function scheduledWatcher<Op extends Scheduled>(
  { caller, clock, sleep, random, log }: PollDeps,
  operation: Op,
  defaultTimes: readonly string[],
) {
  return async function* watch(
    options: WatchDailyOptions & { query?: DailiesQuery | undefined } = {},
  ): AsyncGenerator<
    { data: FeedData<Op>; etag: string | undefined; meta: ResponseMeta },
    void,
    undefined
  > {
    const {
      checkTimes = defaultTimes,
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

export function dailyWatcher(deps: PollDeps) {
  const times = ["08:05", "10:00", "16:00"];
  /**
   * Watches the latest daily report a few times a day: once at start, then at `checkTimes`
   * (Asia/Shanghai) plus jitter, with conditional requests. Yields each new report version;
   * "none published yet" (404) just waits for the next check. Ends when `signal` fires.
   */
  const watchLatestDaily: (
    options?: WatchDailyOptions,
  ) => AsyncGenerator<DailyUpdate, void, undefined> = scheduledWatcher(deps, "latestDaily", times);
  return watchLatestDaily;
}

export function dailiesWatcher(deps: PollDeps) {
  const times = ["08:15", "20:00"];
  /**
   * Watches the daily archive (`/dailies`) on a schedule of its own, "a few times a day at
   * most" as the document asks: once at start, then at `checkTimes` (default 08:15 and 20:00
   * Asia/Shanghai) plus jitter, with conditional requests. Yields each new index version.
   */
  const watchDailies: (
    options?: WatchDailiesOptions,
  ) => AsyncGenerator<DailiesUpdate, void, undefined> = scheduledWatcher(deps, "dailies", times);
  return watchDailies;
}
