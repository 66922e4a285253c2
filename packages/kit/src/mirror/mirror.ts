import {
  checkOptionNames,
  createError,
  createLog,
  realSleep,
  stripUndefined,
  systemClock,
} from "@feedgate/core";
import { anySignal } from "../internal/wait.js";
import { follow } from "./follow.js";
import {
  checkMirrorOptions,
  MIRROR_DEFAULTS,
  OPTION_NAMES,
  type SelectedMirrorOptions,
} from "./options.js";
import type { MirrorProgress, MirrorStats } from "./progress.js";
import { createSync, type SyncResult } from "./sync.js";

/** A local copy of the feed's editorially selected set, kept by snapshot plus change ledger. */
export interface SelectedMirror {
  /**
   * Brings the store up to date once: a snapshot when there is no usable cursor (or the service
   * answers 409 snapshot_required), resuming an interrupted pass where possible, then the
   * ledger until `hasMore` is false. Rejects with a FeedgateError on lasting failures.
   */
  sync(options?: { signal?: AbortSignal }): Promise<SyncResult>;
  /**
   * Keeps the store up to date until `signal` fires, then resolves. Transient failures are
   * retried after the wait the service asks for; permanent ones reject.
   */
  follow(options?: { signal?: AbortSignal }): Promise<void>;
  /** Counters since creation. */
  readonly stats: Readonly<MirrorStats>;
}

/**
 * Creates a mirror of the feed's selected set. Web-standard APIs only; durability is the
 * store's job. See {@link SelectedMirrorOptions} for every default. The work is in three
 * modules: `options` (names, defaults, checks), `sync` (snapshot and ledger) and `follow`
 * (the wait-and-retry loop around sync).
 */
export function createSelectedMirror(options: SelectedMirrorOptions): SelectedMirror {
  if (typeof options === "object" && options !== null)
    checkOptionNames(options, OPTION_NAMES, "createSelectedMirror");
  checkMirrorOptions(options);
  const { client, store } = options;
  const log = createLog({ logger: options.logger });
  const settings = { ...MIRROR_DEFAULTS, ...stripUndefined(options), client, store, log };
  const stats: MirrorStats = {
    requests: 0,
    retries: 0,
    snapshots: 0,
    snapshotPages: 0,
    changePages: 0,
    changes: 0,
    snapshotRequired: 0,
  };
  const report = (progress: Omit<MirrorProgress, "changes" | "snapshots">): void => {
    options.onProgress?.({ ...progress, changes: stats.changes, snapshots: stats.snapshots });
  };
  // One settings object, read by both halves: the defaults, then the options given.
  const sync = createSync({
    ...settings,
    clock: options.clock ?? systemClock,
    stats,
    listening: options.onProgress !== undefined,
    report,
  });
  const followSettings = {
    ...settings,
    intervalMs: options.intervalMs,
    sleep: options.sleep ?? realSleep,
    random: options.random ?? Math.random,
    report,
  };

  let running = false;
  async function exclusive<T>(task: () => Promise<T>): Promise<T> {
    if (running)
      throw createError({
        kind: "invalid_request",
        code: "mirror_busy",
        message: "one sync() or follow() at a time",
      });
    running = true;
    try {
      return await task();
    } finally {
      running = false;
    }
  }

  return {
    stats,
    sync(callOptions = {}) {
      return exclusive(() => sync(anySignal([options.signal, callOptions.signal])));
    },
    follow(callOptions = {}) {
      const signal = anySignal([options.signal, callOptions.signal]);
      return exclusive(() => follow(followSettings, sync, signal));
    },
  };
}
