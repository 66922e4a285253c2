import type { CodexResetEvent, CodexResetsResponse } from "@feedgate/feed-client";
import type { ResponseMeta } from "../transport/meta.js";
import type { PollOptions, createPoller } from "./poll.js";

/** One difference between the local copy of the reset calendar and the new one, by event id. */
export type ResetChange =
  | { type: "added"; id: string; event: CodexResetEvent }
  | { type: "changed"; id: string; event: CodexResetEvent; previous: CodexResetEvent }
  /** Withdrawn, or no longer in the recent window: gone from the service's copy, so gone from the local one. */
  | { type: "removed"; id: string; previous: CodexResetEvent };

/** What `watchResets` yields for each new version of the calendar. */
export interface ResetsUpdate {
  /** What changed against the previous local copy (all `added` the first time). */
  changes: ResetChange[];
  /** The new local copy: exactly the service's events, which replace the old ones. */
  events: CodexResetEvent[];
  data: CodexResetsResponse;
  etag: string | undefined;
  meta: ResponseMeta;
}

/** Options of `watchResets`. */
export interface WatchResetsOptions extends PollOptions {
  /** Wait at least this long between polls. Default: 300000 ms (5 minutes, the calendar's collection cadence). */
  intervalMs?: number | undefined;
  /** Events already held locally, to diff the first version against. Default: none (the first version is all `added`). */
  known?: readonly CodexResetEvent[] | undefined;
}

/** The changes from one list of events to the next, keyed by event id, in the new list's order then removals. */
export function diffResetEvents(previous: readonly CodexResetEvent[], next: readonly CodexResetEvent[]): ResetChange[] {
  const before = new Map(previous.map((e) => [e.id, e]));
  const changes: ResetChange[] = [];
  for (const event of next) {
    const { id } = event;
    const old = before.get(id);
    before.delete(id);
    if (!old) changes.push({ type: "added", id, event });
    else if (JSON.stringify(old) !== JSON.stringify(event)) changes.push({ type: "changed", id, event, previous: old });
  }
  for (const [id, old] of before) changes.push({ type: "removed", id, previous: old });
  return changes;
}

export function resetsWatcher(poll: ReturnType<typeof createPoller>) {
  /**
   * Watches the Codex reset calendar through its light `/recent` form, every 5 minutes by
   * default (never faster than its s-maxage). Each new version replaces the local copy, so an
   * event withdrawn by the service disappears; yields the version with the added / changed /
   * removed events. Yields the first version always, later ones only when an event changed.
   */
  return async function* watchResets(options: WatchResetsOptions = {}): AsyncGenerator<ResetsUpdate, void, undefined> {
    const { known = [], intervalMs = 300_000, ...pollOptions } = options;
    let local = known;
    let first = true;
    for await (const { data, etag, meta } of poll("codexResetsRecent", undefined, { ...pollOptions, intervalMs })) {
      const events = Array.isArray(data.events) ? data.events : [];
      const changes = diffResetEvents(local, events);
      local = events;
      if (first || changes.length) yield { changes, events, data, etag, meta };
      first = false;
    }
  };
}
