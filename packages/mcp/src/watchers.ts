import type { PollOptions } from "@feedgate/kit/feed";
import type { ServerKit } from "./kit.js";

/** The operation each subscribable resource polls. */
export const RESOURCE_OPERATIONS = {
  /** The hot topics: `GET /api/v1/hot-topics`. */
  "feedgate://hot-topics": "hotTopics",
  /** The latest daily report: `GET /api/v1/dailies/latest`. */
  "feedgate://daily/latest": "latestDaily",
  /** The recent reset calendar: `GET /api/v1/codex-resets/recent`. */
  "feedgate://resets/recent": "codexResetsRecent",
} as const;

/** A subscribable resource's URI. */
export type ResourceUri = keyof typeof RESOURCE_OPERATIONS;

/** Options of {@link createResourceWatchers}. */
export interface ResourceWatchersOptions {
  /** Options of each watcher's poller (`kit.pollUntilChanged`). Default: the kit's (never faster than the answer's s-maxage, 1 s floor). */
  poll?: Omit<PollOptions, "signal" | "etag"> | undefined;
  /** Called when a watcher fails for good (it restarts after `restartMs`). Default: nothing. */
  onError?: ((uri: ResourceUri, error: unknown) => void) | undefined;
  /** Wait before a failed watcher starts again. Default: 60000 ms. */
  restartMs?: number | undefined;
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

/**
 * The watchers behind `resources/subscribe`: for each resource, the kit's conditional poller
 * (`If-None-Match` with the ETag held, never faster than the answer's s-maxage, backing off on
 * 429/503 and errors), started by the first subscriber and stopped when the last one leaves.
 * The poller yields only when the body changed; its first version is the baseline, not a change.
 */
export function createResourceWatchers(
  kit: ServerKit,
  options: ResourceWatchersOptions = {},
): ResourceWatchers {
  const { poll = {}, onError, restartMs = 60_000 } = options;
  const running = new Map<ResourceUri, { listeners: Set<() => void>; stop: AbortController }>();

  async function watch(
    uri: ResourceUri,
    listeners: Set<() => void>,
    signal: AbortSignal,
  ): Promise<void> {
    while (!signal.aborted) {
      let baseline = true;
      try {
        for await (const _version of kit.pollUntilChanged(RESOURCE_OPERATIONS[uri], undefined, {
          ...poll,
          signal,
        })) {
          if (baseline) baseline = false;
          else for (const listener of [...listeners]) listener();
        }
      } catch (error) {
        if (signal.aborted) return;
        onError?.(uri, error);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, restartMs);
          signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
        });
      }
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
