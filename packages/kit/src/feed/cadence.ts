import { freshnessMs, invalidArgument, MAX_SERVER_WAIT_MS } from "@feedgate/core";

/** A resource asked at most once per `everyMs`. */
export interface EveryCadence {
  /** The least interval between two requests, in ms. */
  readonly everyMs: number;
}

/** A resource asked at times of day. */
export interface DailyCadence {
  /** The times of day (`HH:MM`, Asia/Shanghai) to ask it at. */
  readonly checkTimes: readonly string[];
}

/**
 * How often the feed's document asks each polled resource to be asked again: at most once per
 * `everyMs`, or at `checkTimes` (`HH:MM`, Asia/Shanghai) for the daily reports, published once
 * a day at 08:00 there. The kit's pollers and watchers, the PostgreSQL fleet's leaders and the
 * MCP server's subscriptions all read it: an answer's s-maxage or a Retry-After may make them
 * slower, never faster.
 */
export const FEED_CADENCE = {
  /** "Poll no faster than s-maxage" (60 s): 60 requests an hour at most. */
  hotTopics: { everyMs: 60_000 } as EveryCadence,
  /** "Poll every 5 minutes using If-None-Match": 12 an hour. */
  codexResetsRecent: { everyMs: 300_000 } as EveryCadence,
  /** The full calendar (prefer the recent form): collected every 5 minutes, so no more often. */
  codexResets: { everyMs: 300_000 } as EveryCadence,
  /** A few times a day: shortly after 08:00 Shanghai, then twice for late reports. */
  latestDaily: { checkTimes: ["08:05", "10:00", "16:00"] } as DailyCadence,
  /** The archive changes once a day: "a few times a day at most". */
  dailies: { checkTimes: ["08:15", "20:00"] } as DailyCadence,
  /** The selected set's changes, at their s-maxage (60 s). */
  selectedChanges: { everyMs: 60_000 } as EveryCadence,
  /** A story, at its s-maxage (60 s). */
  storyByPublicId: { everyMs: 60_000 } as EveryCadence,
} as const;

/** The least interval of an operation: the table's, else 0 (the answer decides). */
export const cadenceMs = (operation: string): number =>
  (FEED_CADENCE as Record<string, { everyMs?: number }>)[operation]?.everyMs ?? 0;

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

/** `HH:MM` times of day as minutes after midnight; anything else is refused. */
export function minutesOf(checkTimes: readonly string[]): number[] {
  const minutes = checkTimes.map((time) => {
    const [, h, m] = /^(\d\d):(\d\d)$/.exec(time) ?? [];
    const bad = `times are HH:MM (00:00–23:59); got ${JSON.stringify(time)}`;
    if (!(Number(h) < 24 && Number(m) < 60)) throw invalidArgument("checkTimes", bad);
    return Number(h) * 60 + Number(m);
  });
  if (!minutes.length) throw invalidArgument("checkTimes", "at least one time of day");
  return minutes;
}

/**
 * The wait before the next poll of a resource after an answer with `cacheControl`, at `now`:
 * the table's interval, or the answer's s-maxage (else max-age, up to a day) when longer; for a
 * daily resource, until its next check time.
 */
export function nextPollInMs(resource: keyof typeof FEED_CADENCE, now: number, cc?: string) {
  const { checkTimes } = FEED_CADENCE[resource] as { checkTimes?: readonly string[] };
  if (checkTimes) return nextCheckAt(now, minutesOf(checkTimes)) - now;
  return Math.max(cadenceMs(resource), Math.min(MAX_SERVER_WAIT_MS, freshnessMs(cc) ?? 0));
}
