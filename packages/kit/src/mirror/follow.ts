import {
  backoffDelay,
  type FeedgateError,
  isFeedgateError,
  isTransientError,
  type Log,
  type Sleep,
  withJitter,
} from "@feedgate/core";
import { FEED_CADENCE } from "../feed/cadence.js";
import { intervalNotice, POLL_FLOOR_MS } from "../internal/floor.js";
import { waitLoop } from "../internal/loop.js";
import type { MirrorStore } from "../internal/store/types.js";
import type { MirrorProgress } from "./progress.js";
import type { SyncResult } from "./sync.js";

/** What `follow` needs besides a sync: its waits and where it reports them. */
export interface FollowSettings {
  store: MirrorStore;
  /** The interval asked for; undefined: the changes answer's cache lifetime. */
  intervalMs: number | undefined;
  jitter: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  sleep: Sleep;
  random: () => number;
  log: Log;
  report(progress: Omit<MirrorProgress, "changes" | "snapshots">): void;
}

/**
 * The mirror's `follow`: syncs, waits (the changes answer's cache lifetime, or the interval
 * asked for but never below it, plus jitter; never under the floor), and again, until `signal`
 * fires. Lasting but temporary trouble (transient failures, a Retry-After past the transport's
 * ceiling) is waited out with a doubling delay, never shorter than the server asked; anything
 * else rejects. Runs on the kit's one wait-and-retry loop.
 */
export async function follow(
  settings: FollowSettings,
  sync: (signal: AbortSignal | undefined) => Promise<SyncResult>,
  signal: AbortSignal | undefined,
): Promise<void> {
  const { store, intervalMs, jitter, random, report } = settings;
  const raised = intervalNotice(settings.log, "mirror follow");
  const rounds = waitLoop(
    {
      signal,
      sleep: settings.sleep,
      floorMs: POLL_FLOOR_MS,
      retryAfter: "longer",
      failureWaitMs(error, failures) {
        if (!isTransientError(error) && !isFeedgateError(error, "retry_too_long")) throw error;
        const backoff = backoffDelay(Math.min(failures, 20), {
          initialDelayMs: settings.retryBaseDelayMs,
          maxDelayMs: settings.retryMaxDelayMs,
          random,
        });
        return Math.ceil(backoff);
      },
      async onFailureWait(error, waitMs) {
        const { kind, status } = error as FeedgateError;
        report({
          phase: "idle",
          pages: 0,
          items: await store.count(),
          cursor: await store.getCursor(),
          waitMs,
          failure: { kind, status },
        });
      },
    },
    async () => {
      const result = await sync(signal);
      const least = intervalMs ?? FEED_CADENCE.selectedChanges.everyMs;
      const base = Math.max(POLL_FLOOR_MS, least, result.cacheMs ?? 0);
      raised(intervalMs, base, base === POLL_FLOOR_MS ? "floor" : "s-maxage");
      const waitMs = Math.ceil(withJitter(base, jitter, random));
      report({ phase: "idle", pages: 0, items: result.items, cursor: result.cursor, waitMs });
      return { waitMs };
    },
  );
  for await (const _ of rounds) {
    // follow hands nothing over: each round's work is the sync itself.
  }
}
