import type { DailyResponse } from "@feedgate/feed-client";
import { invalidArgument, isFeedgateError, isTransientError } from "../errors.js";
import { checkPositive } from "../internal/checks.js";
import type { PollDeps } from "./poll.js";
import type { CallOptions } from "./types.js";
import type { ResponseMeta } from "../transport/meta.js";

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
  data: DailyResponse;
  etag: string | undefined;
  meta: ResponseMeta;
}

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

function minutesOf(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  const [h, m] = [Number(match?.[1]), Number(match?.[2])];
  if (match === null || h > 23 || m > 59) throw invalidArgument("checkTimes", `times are HH:MM (00:00–23:59); got ${JSON.stringify(time)}`);
  return h * 60 + m;
}

/** The first of the given Shanghai times of day strictly after `now` (epoch ms). */
export function nextCheckAt(now: number, minutes: readonly number[]): number {
  const localMidnight = Math.floor((now + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
  const sorted = [...minutes].sort((a, b) => a - b);
  for (let day = 0; day <= 1; day++) {
    for (const m of sorted) {
      const at = localMidnight + day * DAY_MS + m * 60_000;
      if (at > now) return at;
    }
  }
  return localMidnight + 2 * DAY_MS + sorted[0]! * 60_000;
}

export function dailyWatcher({ caller, clock, sleep, random, log }: PollDeps) {
  /**
   * Watches the latest daily report a few times a day: once at start, then at `checkTimes`
   * (Asia/Shanghai) plus jitter, with conditional requests. Yields each new report version;
   * "none published yet" (404) just waits for the next check. Ends when `signal` fires.
   */
  return async function* watchLatestDaily(options: WatchDailyOptions = {}): AsyncGenerator<DailyUpdate, void, undefined> {
    const { checkTimes = ["08:05", "10:00", "16:00"], jitterMs = 120_000, errorRetryMs = 600_000, etag: knownEtag, signal, ...call } = options;
    if (checkTimes.length === 0) throw invalidArgument("checkTimes", "at least one time of day");
    checkPositive("jitterMs", jitterMs);
    checkPositive("errorRetryMs", errorRetryMs);
    const minutes = checkTimes.map(minutesOf);
    let etag = knownEtag;
    for (;;) {
      if (signal?.aborted) return;
      let retryAt: number | undefined;
      try {
        const result = await caller.conditional("latestDaily", undefined, { ...call, signal, ifNoneMatch: etag });
        const changed = !result.notModified && result.etag !== etag;
        etag = result.etag;
        if (changed && result.data !== undefined) yield { data: result.data, etag: result.etag, meta: result.meta };
      } catch (error) {
        if (signal?.aborted) return;
        if (isFeedgateError(error, "not_found")) {
          log("info", "no daily report published yet", { event: "poll", status: 404 });
        } else if (isTransientError(error)) {
          const wait = isFeedgateError(error) && error.retryAfterMs !== undefined ? Math.max(error.retryAfterMs, errorRetryMs) : errorRetryMs;
          retryAt = clock.now() + wait;
          log("warn", `latest daily: ${(error as Error).message}; trying again in ${wait} ms`, { event: "wait", delayMs: wait });
        } else throw error;
      }
      const now = clock.now();
      const scheduled = nextCheckAt(now, minutes) + jitterMs * random();
      const at = retryAt === undefined ? scheduled : Math.min(retryAt, scheduled);
      const wait = Math.max(0, at - now);
      log("debug", `latest daily: next check in ${Math.round(wait)} ms`, { event: "wait", delayMs: wait });
      try {
        await sleep(wait, signal);
      } catch (error) {
        if (signal?.aborted) return;
        throw error;
      }
    }
  };
}
