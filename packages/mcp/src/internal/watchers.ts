import { realSleep, type Sleep } from "@feedgate/core";
import { type PollOptions, storyPublicIdOf, waitLoop } from "@feedgate/kit/feed";
import type { ServerKit } from "./kit.js";

/** The operation each fixed subscribable resource polls. */
export const RESOURCE_OPERATIONS = {
  /** The hot topics: `GET /api/v1/hot-topics`. */
  "feedgate://hot-topics": "hotTopics",
  /** The latest daily report: `GET /api/v1/dailies/latest`. */
  "feedgate://daily/latest": "latestDaily",
  /** The recent reset calendar: `GET /api/v1/codex-resets/recent`. */
  "feedgate://resets/recent": "codexResetsRecent",
} as const;

/** A story's resource: this prefix, then its public id (a UUID). */
export const STORY_URI_PREFIX = "feedgate://stories/";

/** A subscribable resource's URI: a fixed one, or a story's. */
export type ResourceUri = keyof typeof RESOURCE_OPERATIONS | `feedgate://stories/${string}`;

/** The story id a story URI names (checked: a UUID), or undefined for any other URI. */
export function storyOfUri(uri: string): string | undefined {
  return uri.startsWith(STORY_URI_PREFIX)
    ? storyPublicIdOf(uri.slice(STORY_URI_PREFIX.length))
    : undefined;
}

/** Options of {@link createResourceWatchers}. */
export interface ResourceWatchersOptions {
  /** Options of the pollers of hot topics, the reset calendar and stories. Default: the kit's (each resource's `FEED_CADENCE`, slowed by a longer s-maxage). */
  poll?: Omit<PollOptions, "signal" | "etag"> | undefined;
  /** Called when a watcher fails for good (it restarts after `restartMs`). Default: nothing. */
  onError?: ((uri: ResourceUri, error: unknown) => void) | undefined;
  /** Wait before a failed watcher starts again. Default: 60000 ms. */
  restartMs?: number | undefined;
  /** The wait before a restart. Default: core's `realSleep` (a test injects a fake one). */
  sleep?: Sleep | undefined;
}

/** One conditional watcher per subscribed resource, shared by every session of a server. */
export interface ResourceWatchers {
  /**
   * Adds a listener, called each time the resource's content changes (never for the version
   * current when the watcher started). Starts the resource's watcher for its first listener;
   * the returned function removes the listener and stops the watcher when it was the last.
   */
  subscribe(uri: ResourceUri, listener: () => void): () => void;
  /** The URIs being watched now. */
  active(): ResourceUri[];
  /** Stops every watcher. */
  close(): void;
}

/** The kit's watcher of a resource, at the feed document's cadence for it (`FEED_CADENCE`). */
function versionsOf(kit: ServerKit, uri: ResourceUri, poll: PollOptions): AsyncIterable<unknown> {
  const story = storyOfUri(uri);
  if (story !== undefined) return kit.watchStory(story, poll);
  if (uri === "feedgate://daily/latest") return kit.watchLatestDaily({ signal: poll.signal });
  return kit.pollUntilChanged(
    RESOURCE_OPERATIONS[uri as keyof typeof RESOURCE_OPERATIONS],
    undefined,
    poll,
  );
}

/**
 * The watchers behind `resources/subscribe`: for each resource, the kit's conditional watcher
 * (`If-None-Match` with the ETag held, at the document's cadence: hot topics and stories every
 * 60 s, the reset calendar every 5 minutes, the latest daily at 08:05, 10:00 and 16:00 Shanghai
 * time; a longer s-maxage or a Retry-After slows it), started by the first subscriber and
 * stopped when the last one leaves. Its first version is the baseline, not a change.
 */
export function createResourceWatchers(
  kit: ServerKit,
  options: ResourceWatchersOptions = {},
): ResourceWatchers {
  const { poll = {}, onError, restartMs = 60_000, sleep = realSleep } = options;
  const running = new Map<ResourceUri, { listeners: Set<() => void>; stop: AbortController }>();

  /** On the kit's one wait-and-retry loop: a watcher that fails for good starts again after `restartMs`. */
  async function watch(uri: ResourceUri, listeners: Set<() => void>, signal: AbortSignal) {
    const restarts = waitLoop(
      {
        signal,
        sleep,
        floorMs: 0,
        retryAfter: "longer",
        failureWaitMs: () => restartMs,
        onFailureWait: (error) => onError?.(uri, error),
      },
      async () => {
        let baseline = true;
        for await (const _version of versionsOf(kit, uri, { ...poll, signal })) {
          if (baseline) baseline = false;
          else for (const listener of [...listeners]) listener();
        }
        return { waitMs: restartMs };
      },
    );
    for await (const _ of restarts) {
      // Nothing is handed over: each round's work is the watcher itself.
    }
  }

  return {
    subscribe(uri, listener) {
      let entry = running.get(uri);
      if (!entry) {
        const started = { listeners: new Set<() => void>(), stop: new AbortController() };
        running.set(uri, started);
        void watch(uri, started.listeners, started.stop.signal);
        entry = started;
      }
      const current = entry;
      current.listeners.add(listener);
      return () => {
        current.listeners.delete(listener);
        if (current.listeners.size === 0 && running.get(uri) === current) {
          running.delete(uri);
          current.stop.abort();
        }
      };
    },
    active: () => [...running.keys()],
    close() {
      for (const { stop } of running.values()) stop.abort();
      running.clear();
    },
  };
}
