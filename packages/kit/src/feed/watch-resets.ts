import type { ResponseMeta } from "@feedgate/core";
import type { CodexResetEvent, CodexResetsResponse } from "@feedgate/feed-client";
import type { createPoller, PollOptions } from "./poll.js";

/** One difference between the local copy of the reset calendar and the new one, by event id. */
export type ResetChange =
  | {
      /** An event new to the local copy. */
      type: "added";
      /** The event's id. */
      id: string;
      /** The event as the service has it now. */
      event: CodexResetEvent;
    }
  | {
      /** An event whose content changed. */
      type: "changed";
      /** The event's id. */
      id: string;
      /** The event as the service has it now. */
      event: CodexResetEvent;
      /** The event as the local copy had it. */
      previous: CodexResetEvent;
    }
  /**
   * Gone from the service's copy, so gone from the local one. `reason` says why: `withdrawn`
   * when it disappeared while it still belonged in the list, `aged_out` when it simply left the
   * 7-day recent window (only the `/recent` form has one).
   */
  | {
      /** An event gone from the service's copy. */
      type: "removed";
      /** The event's id. */
      id: string;
      /** The event as the local copy had it. */
      previous: CodexResetEvent;
      /** Why it is gone: `withdrawn` or `aged_out`. */
      reason: "withdrawn" | "aged_out";
    };

/** What `watchResets` yields for each new version of the calendar. */
export interface ResetsUpdate {
  /** What changed in the events against the previous local copy (all `added` the first time; empty when only `activities`, `checkedAt`, `monitor` or `outage` changed). */
  changes: ResetChange[];
  /** The new local copy: exactly the service's events, which replace the old ones. */
  events: CodexResetEvent[];
  /** The whole answer the events came from. */
  data: CodexResetsResponse;
  /** Its ETag as received. */
  etag: string | undefined;
  /** Its response metadata. */
  meta: ResponseMeta;
}

/** Options of `watchResets`. */
export interface WatchResetsOptions extends PollOptions {
  /** Wait at least this long between polls. Default: 300000 ms (5 minutes, the calendar's collection cadence). */
  intervalMs?: number | undefined;
  /** Events already held locally, to diff the first version against. Default: none (the first version is all `added`). */
  known?: readonly CodexResetEvent[] | undefined;
}

/** Presentation statuses the `/recent` form keeps whatever their age. */
const ALWAYS_RECENT = new Set(["announced", "in_progress", "expired_unconfirmed"]);
const DAY_MS = 86_400_000;

/**
 * Start of the `/recent` window of an answer, in epoch ms. The answer says it: `historyFrom`
 * is the start of the history it covers (for `/recent`, the later of the calendar's start and
 * Beijing midnight 7 days before `today`). Only when that is missing or unparsable is it
 * recomputed, as the service does: Beijing midnight (UTC+8) 7 days before `today` (or before
 * `now` when it has none).
 */
export function recentWindowStart(
  today: string | null | undefined,
  now: number,
  historyFrom?: string | null,
): number {
  const declared = typeof historyFrom === "string" ? Date.parse(historyFrom) : Number.NaN;
  if (Number.isFinite(declared)) return declared;
  const day =
    typeof today === "string" && /^\d{4}-\d{2}-\d{2}$/.test(today)
      ? Date.parse(`${today}T00:00:00+08:00`)
      : now + 8 * 3_600_000 - ((now + 8 * 3_600_000) % DAY_MS) - 8 * 3_600_000;
  return day - 7 * DAY_MS;
}

/** Whether an event still belonged in a `/recent` answer whose window starts at `since`. */
function inRecentWindow(event: CodexResetEvent, since: number): boolean {
  const status = (event as { presentation?: { status?: string } | null }).presentation?.status;
  if (status !== undefined && ALWAYS_RECENT.has(status)) return true;
  const updated = Date.parse((event as { updatedAt?: string }).updatedAt ?? "");
  return !(updated < since);
}

/**
 * The changes from one list of events to the next, keyed by event id, in the new list's order
 * then removals. With `recentSince` (the start of the `/recent` window, see
 * `recentWindowStart`) an event that left the window is `aged_out`, not `withdrawn`.
 */
export function diffResetEvents(
  previous: readonly CodexResetEvent[],
  next: readonly CodexResetEvent[],
  options: { recentSince?: number } = {},
): ResetChange[] {
  const before = new Map(previous.map((e) => [e.id, e]));
  const changes: ResetChange[] = [];
  for (const event of next) {
    const { id } = event;
    const old = before.get(id);
    before.delete(id);
    if (!old) changes.push({ type: "added", id, event });
    else if (JSON.stringify(old) !== JSON.stringify(event))
      changes.push({ type: "changed", id, event, previous: old });
  }
  const { recentSince } = options;
  for (const [id, old] of before) {
    const reason =
      recentSince !== undefined && !inRecentWindow(old, recentSince) ? "aged_out" : "withdrawn";
    changes.push({ type: "removed", id, previous: old, reason });
  }
  return changes;
}

export function resetsWatcher(poll: ReturnType<typeof createPoller>, now: () => number = Date.now) {
  /**
   * Watches the Codex reset calendar through its light `/recent` form, every 5 minutes by
   * default (never faster than its s-maxage). Each new version replaces the local copy, so an
   * event withdrawn by the service disappears; yields every new version (a new ETag or body),
   * with the added / changed / removed events: a version where only `activities` (new source
   * posts), `checkedAt`, `monitor` or `outage` changed is yielded too, with no event changes.
   */
  return async function* watchResets(
    options: WatchResetsOptions = {},
  ): AsyncGenerator<ResetsUpdate, void, undefined> {
    const { known = [], ...pollOptions } = options;
    let local = known;
    for await (const { data, etag, meta } of poll("codexResetsRecent", undefined, pollOptions)) {
      const events = Array.isArray(data.events) ? data.events : [];
      const changes = diffResetEvents(local, events, {
        recentSince: recentWindowStart(data.today, now(), data.historyFrom),
      });
      local = events;
      yield { changes, events, data, etag, meta };
    }
  };
}
