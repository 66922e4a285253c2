import { invalidArgument, isFeedgateError, isTransientError, type FeedgateError, checkPositive, pause, type ResponseMeta, serverWaitMs } from "@feedgate/core";
import type { DailyResponse } from "@feedgate/feed-client";
import { POLL_FLOOR_MS } from "../internal/floor.js";
import type { PollDeps } from "./poll.js";
import type { CallOptions } from "./types.js";

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

export function dailyWatcher({ caller, clock, sleep, random, log }: PollDeps) {
  /**
   * Watches the latest daily report a few times a day: once at start, then at `checkTimes`
   * (Asia/Shanghai) plus jitter, with conditional requests. Yields each new report version;
   * "none published yet" (404) just waits for the next check. Ends when `signal` fires.
   */
  async function* watchLatestDaily(options: WatchDailyOptions = {}): AsyncGenerator<DailyUpdate, void, undefined> {
    const { checkTimes = ["08:05", "10:00", "16:00"], jitterMs = 120_000, errorRetryMs = 600_000, etag: known, signal, ...call } = options;
    checkPositive("jitterMs", jitterMs);
    checkPositive("errorRetryMs", errorRetryMs);
    const minutes = checkTimes.map((time) => {
      const [, h, m] = /^(\d\d):(\d\d)$/.exec(time) ?? [];
      if (!(Number(h) < 24 && Number(m) < 60)) throw invalidArgument("checkTimes", `times are HH:MM (00:00–23:59); got ${JSON.stringify(time)}`);
      return Number(h) * 60 + Number(m);
    });
    if (!minutes.length) throw invalidArgument("checkTimes", "at least one time of day");
    let etag = known;
    while (!signal?.aborted) {
      let retryAt = Infinity;
      // The server's Retry-After: no check before it, even a scheduled one.
      let notBefore = 0;
      try {
        const result = await caller.conditional("latestDaily", undefined, { ...call, signal, ifNoneMatch: etag });
        const changed = !result.notModified && result.etag !== etag;
        etag = result.etag;
        if (changed && result.data) yield { data: result.data, etag, meta: result.meta };
      } catch (error) {
        if (signal?.aborted) return;
        if (isFeedgateError(error, "not_found")) log("info", "no daily report published yet", { event: "poll", status: 404 });
        else if (!isTransientError(error)) throw error;
        else {
          const retryAfterMs = serverWaitMs(error) ?? 0;
          const wait = Math.max(retryAfterMs, errorRetryMs);
          retryAt = clock.now() + wait;
          notBefore = clock.now() + retryAfterMs;
          log("warn", `latest daily: ${(error as Error).message}; trying again in ${wait} ms`, { event: "wait", delayMs: wait });
        }
      }
      const now = clock.now();
      const next = Math.max(notBefore, Math.min(retryAt, nextCheckAt(now, minutes) + jitterMs * random()));
      if (!(await pause(sleep, Math.max(POLL_FLOOR_MS, next - now), signal))) return;
    }
  }

  return watchLatestDaily;
}
