import type { Clock, Logger, Sleep } from "@feedgate/core";
import { checkFraction, checkPositive, configError } from "@feedgate/core";
import type { FeedClient } from "@feedgate/feed-client";
import type { MirrorStore, SelectedFields } from "../internal/store/types.js";
import { FEED_LIMITS } from "../internal/validate/operations.js";
import type { MirrorProgress } from "./progress.js";

/** Options of `createSelectedMirror`; every one but `client` and `store` has a default ({@link MIRROR_DEFAULTS}). A bad value throws a ConfigError. */
export interface SelectedMirrorOptions {
  /**
   * A feed client (`createFeedClient`). Its transport does every retry (`maxRetries`, backoff,
   * Retry-After): one page costs at most `maxRetries + 1` requests; the mirror adds no loop of its
   * own, and `follow` carries on after a failed sync. Required.
   */
  client: FeedClient;
  /** Where the copy lives: `createMemoryStore()`, or `openFileStore(dir)` from `@feedgate/kit/node`. Required. */
  store: MirrorStore;
  /** Projection to mirror; changing it later forces a new snapshot. Default: `"default"`. */
  fields?: SelectedFields | undefined;
  /** `limit` of each snapshot page (1–1000). Default: 1000, the service's maximum, for the fewest requests. */
  snapshotPageSize?: number | undefined;
  /** `limit` of each changes page (1–100). Default: 100, the service's maximum. */
  changesPageSize?: number | undefined;
  /** Called after every stored page, before every retry wait and before every idle wait. Default: none. */
  onProgress?: ((progress: MirrorProgress) => void) | undefined;
  /** Where the mirror says what it changed of what was asked (an `interval_raised` event at `info`). Default: none. */
  logger?: Logger | undefined;
  /** Stops every call of this mirror. Default: none. */
  signal?: AbortSignal | undefined;
  /**
   * `follow`: wait between polls once the ledger is drained. Default: the selected changes'
   * cadence in `FEED_CADENCE` (60 000 ms), or the answer's `s-maxage` (else `max-age`) when
   * longer. A shorter value is raised to `s-maxage` (the service would only repeat its page).
   */
  intervalMs?: number | undefined;
  /** `follow`: random extra wait, as a fraction of the interval (never shortens it). Default: 0.1. */
  jitter?: number | undefined;
  /** `follow`: first wait after a failed sync, doubled per failure in a row (core's `backoffDelay`); a longer Retry-After wins. Default: 1000 ms. */
  retryBaseDelayMs?: number | undefined;
  /** `follow`: cap of that doubling wait (Retry-After may exceed it). Default: 30 000 ms. */
  retryMaxDelayMs?: number | undefined;
  /** Snapshot passes one `sync()` may start (409s and expired page tokens start new ones). Default: 3. */
  maxSnapshots?: number | undefined;
  /** Pages one `sync()` may fetch, a guard against a server that never ends a pass. Default: 100 000. */
  maxPages?: number | undefined;
  /** Injectable wait, for tests. Default: a timer that the signal cancels. */
  sleep?: Sleep | undefined;
  /** Reads the current time: a `Retry-After` given as a date is a wait from now. Default: the system clock. Tests pass a fake one. */
  clock?: Clock | undefined;
  /** Injectable randomness in [0, 1), for jitter. Default: `Math.random`. */
  random?: (() => number) | undefined;
}

/** Every option of `createSelectedMirror`: an unknown name is refused at run time, naming the one meant. */
export const OPTION_NAMES = {
  client: true,
  store: true,
  fields: true,
  snapshotPageSize: true,
  changesPageSize: true,
  onProgress: true,
  logger: true,
  signal: true,
  intervalMs: true,
  jitter: true,
  retryBaseDelayMs: true,
  retryMaxDelayMs: true,
  maxSnapshots: true,
  maxPages: true,
  sleep: true,
  clock: true,
  random: true,
} as const satisfies Record<keyof SelectedMirrorOptions, true>;

/** The defaults of {@link SelectedMirrorOptions}, in one place. */
export const MIRROR_DEFAULTS = {
  /** The `"default"` projection. */
  fields: "default",
  // The service's maximum page sizes (the feed document's `limit` bounds), for the fewest requests.
  /** The service's maximum snapshot page (1000). */
  snapshotPageSize: FEED_LIMITS.selectedSnapshot.max,
  /** The service's maximum changes page (100). */
  changesPageSize: FEED_LIMITS.selectedChanges.max,
  /** 60 s between polls when the answer names no cache lifetime. */
  intervalMs: 60_000,
  /** Up to 10% added to the wait. */
  jitter: 0.1,
  /** First wait after a failed sync: 1 s. */
  retryBaseDelayMs: 1000,
  /** Cap of the doubling wait: 30 s. */
  retryMaxDelayMs: 30_000,
  /** Snapshot passes per `sync()`: 3. */
  maxSnapshots: 3,
  /** Pages per `sync()`: 100 000. */
  maxPages: 100_000,
} as const;

/** Whole-number options and their ranges; anything else is a ConfigError, never clamped. */
const WHOLE: Record<string, [min: number, max: number]> = {
  snapshotPageSize: [FEED_LIMITS.selectedSnapshot.min, FEED_LIMITS.selectedSnapshot.max],
  changesPageSize: [FEED_LIMITS.selectedChanges.min, FEED_LIMITS.selectedChanges.max],
  maxSnapshots: [1, 1000],
  maxPages: [1, Number.MAX_SAFE_INTEGER],
};

/** Refuses every out-of-range option before anything is sent. */
export function checkMirrorOptions(options: SelectedMirrorOptions): void {
  if (typeof options?.client?.GET !== "function")
    throw configError("client", "a feed client (createFeedClient())");
  if (typeof options.store?.getState !== "function")
    throw configError("store", "a MirrorStore (createMemoryStore(), openFileStore(dir))");
  for (const [name, [min, max]] of Object.entries(WHOLE)) {
    const value = options[name as keyof SelectedMirrorOptions] as number | undefined;
    if (value !== undefined && !(Number.isInteger(value) && value >= min && value <= max))
      throw configError(name, `a whole number from ${min} to ${max}; got ${String(value)}`);
  }
  for (const name of ["intervalMs", "retryBaseDelayMs", "retryMaxDelayMs"] as const)
    checkPositive(name, options[name]);
  checkFraction("jitter", options.jitter);
  const cap = options.retryMaxDelayMs ?? MIRROR_DEFAULTS.retryMaxDelayMs;
  if (cap < (options.retryBaseDelayMs ?? MIRROR_DEFAULTS.retryBaseDelayMs))
    throw configError("retryMaxDelayMs", "at least retryBaseDelayMs");
}
