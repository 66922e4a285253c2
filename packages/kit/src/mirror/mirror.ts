import {
  backoffDelay,
  checkOptionNames,
  configError,
  createError,
  createLog,
  type FeedgateError,
  freshnessMs,
  isFeedgateError,
  type Logger,
  pause,
  realSleep,
  type Sleep,
  serverWaitMs,
  stripUndefined,
  systemClock,
  withJitter,
} from "@feedgate/core";
import type { FeedClient } from "@feedgate/feed-client";
import { createCaller } from "../feed/call.js";
import { abortedError, isTransient } from "../internal/failures.js";
import { intervalNotice, POLL_FLOOR_MS } from "../internal/floor.js";
import { anySignal } from "../internal/wait.js";
import type { MirrorStore, MirrorStoreState, SelectedFields } from "../store/types.js";
import { FEED_LIMITS } from "../validate/operations.js";
import { parseChanges, parseSnapshot, type SnapshotBody } from "./parse.js";

/** What a progress callback receives. */
export interface MirrorProgress {
  /** `snapshot`: fetching a full pass; `changes`: applying the ledger; `idle`: waiting for the next poll. */
  phase: "snapshot" | "changes" | "idle";
  /** Pages stored in the current phase run (one snapshot pass, or one drain of the ledger). */
  pages: number;
  /** Items in the set being built: the pending generation while snapshotting, else the current set. */
  items: number;
  /** Changes applied since the mirror was created. */
  changes: number;
  /** Snapshot passes committed since the mirror was created. */
  snapshots: number;
  /** The saved ledger cursor. */
  cursor: string | undefined;
  /** `idle` only: milliseconds until the next poll. */
  waitMs?: number;
  /** `idle` only: set when the last sync failed with a transient error and `follow` waits to try again. */
  failure?: {
    /** The failure's error kind. */
    kind: FeedgateError["kind"];
    /** Its HTTP status, when an answer arrived. */
    status: number | undefined;
  };
}

/** Counters of one mirror, since it was created. */
export interface MirrorStats {
  /** Calls the mirror made (each up to the client's `maxRetries + 1` requests). */
  requests: number;
  /** Requests the client's transport repeated within those calls (successful calls only). */
  retries: number;
  /** Snapshot passes committed. */
  snapshots: number;
  /** Snapshot pages stored. */
  snapshotPages: number;
  /** Changes pages stored. */
  changePages: number;
  /** Changes applied. */
  changes: number;
  /** Times the service answered 409 snapshot_required. */
  snapshotRequired: number;
}

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
   * `follow`: wait between polls once the ledger is drained. Default: the changes answer's
   * `Cache-Control` `s-maxage`, else `max-age`, else 60 000 ms. A shorter value is raised to
   * `s-maxage` (the service would only repeat its cached page).
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
  /** Injectable randomness in [0, 1), for jitter. Default: `Math.random`. */
  random?: (() => number) | undefined;
}

/** Every option of `createSelectedMirror`: an unknown name is refused at run time, naming the one meant. */
const OPTION_NAMES = {
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
  random: true,
} as const satisfies Record<keyof SelectedMirrorOptions, true>;

/** The outcome of one `sync()`. */
export interface SyncResult {
  /** Items in the current set. */
  items: number;
  /** The saved ledger cursor. */
  cursor: string;
  /** Whether this call took (or finished) a snapshot. */
  snapshotted: boolean;
  /** Pages stored by this call (snapshot and changes). */
  pages: number;
  /** `follow` uses it: the wait the last changes answer asks for, in ms (undefined if it said nothing). */
  cacheMs: number | undefined;
}

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

type Fetched<T> =
  | { kind: "ok"; body: T; response: Response }
  | { kind: "not_modified"; response: Response };

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
function checkMirrorOptions(options: SelectedMirrorOptions): void {
  if (typeof options?.client?.GET !== "function")
    throw configError("client", "a feed client (createFeedClient())");
  if (typeof options.store?.getState !== "function")
    throw configError("store", "a MirrorStore (createMemoryStore(), openFileStore(dir))");
  for (const [name, [min, max]] of Object.entries(WHOLE)) {
    const value = options[name as keyof SelectedMirrorOptions];
    if (
      value !== undefined &&
      !(Number.isInteger(value) && (value as number) >= min && (value as number) <= max)
    )
      throw configError(name, `a whole number from ${min} to ${max}; got ${String(value)}`);
  }
  for (const name of ["intervalMs", "retryBaseDelayMs", "retryMaxDelayMs"] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isFinite(value) && value >= 0))
      throw configError(name, `a finite number of at least 0; got ${String(value)}`);
  }
  if (options.jitter !== undefined && !(options.jitter >= 0 && options.jitter <= 1))
    throw configError("jitter", `a fraction from 0 to 1; got ${String(options.jitter)}`);
  if (
    (options.retryMaxDelayMs ?? MIRROR_DEFAULTS.retryMaxDelayMs) <
    (options.retryBaseDelayMs ?? MIRROR_DEFAULTS.retryBaseDelayMs)
  ) {
    throw configError("retryMaxDelayMs", "at least retryBaseDelayMs");
  }
}

/** Internal: a 409 inside a drain means "snapshot again". */
class SnapshotRequired extends Error {}

/**
 * Creates a mirror of the feed's selected set. Web-standard APIs only; durability is the
 * store's job. See {@link SelectedMirrorOptions} for every default.
 */
export function createSelectedMirror(options: SelectedMirrorOptions): SelectedMirror {
  if (typeof options === "object" && options !== null)
    checkOptionNames(options, OPTION_NAMES, "createSelectedMirror");
  checkMirrorOptions(options);
  const { store } = options;
  const {
    fields,
    snapshotPageSize,
    changesPageSize,
    maxSnapshots,
    maxPages,
    jitter,
    retryBaseDelayMs,
    retryMaxDelayMs,
  } = { ...MIRROR_DEFAULTS, ...stripUndefined(options) };
  const caller = createCaller(options.client, systemClock);
  const random = options.random ?? Math.random;
  const raised = intervalNotice(createLog({ logger: options.logger }), "mirror follow");
  const stats: MirrorStats = {
    requests: 0,
    retries: 0,
    snapshots: 0,
    snapshotPages: 0,
    changePages: 0,
    changes: 0,
    snapshotRequired: 0,
  };
  let running = false;
  /** ETag of the last changes answer, for the cursor it was fetched with (a 304 = nothing new). */
  let lastChanges: { cursor: string; etag: string } | undefined;

  function report(progress: Omit<MirrorProgress, "changes" | "snapshots">): void {
    options.onProgress?.({ ...progress, changes: stats.changes, snapshots: stats.snapshots });
  }

  /** One page through the kit's caller (validation, the transport's retries, typed errors); parsed before anything is stored. */
  async function fetchPage<T>(
    operation: "selectedSnapshot" | "selectedChanges",
    query: object,
    etag: string | undefined,
    parse: (body: unknown, requestId?: string) => T,
    signal: AbortSignal | undefined,
  ): Promise<Fetched<T>> {
    if (signal?.aborted) throw abortedError(signal, operation);
    stats.requests++;
    const answer = await caller.raw(operation, { query }, { signal, ifNoneMatch: etag });
    stats.retries += answer.meta.attempts - 1;
    const { response } = answer;
    if (response.status === 304) return { kind: "not_modified", response };
    if (response.status >= 300)
      throw createError({
        kind: "redirect",
        code: "unexpected_redirect",
        status: response.status,
        message: `${operation} answered ${response.status}`,
      });
    return { kind: "ok", body: parse(answer.data, answer.meta.requestId), response };
  }

  /**
   * One snapshot pass into a new (or the interrupted) generation. Returns false when another
   * writer of a shared store took over, so the caller re-reads the state.
   */
  async function snapshot(
    state: MirrorStoreState,
    forced: boolean,
    signal: AbortSignal | undefined,
    budget: { pages: number; passes: number },
  ): Promise<boolean> {
    const pending = state.pending;
    let generation: number;
    let page: string | undefined;
    let items = 0;
    if (
      pending !== undefined &&
      pending.fields === fields &&
      !(forced && pending.nextPage === null)
    ) {
      // Resume an interrupted pass: its page tokens stay valid until the ledger epoch changes.
      generation = pending.generation;
      page = pending.nextPage ?? undefined;
      items = pending.items;
      if (pending.cursor !== undefined && pending.nextPage === null) return commit(generation);
    } else {
      generation = await store.beginSnapshot(fields);
    }
    let pages = 0;
    const progress = () => ({ phase: "snapshot" as const, pages, items, cursor: state.cursor });
    const loop = loopGuard("selectedSnapshot");
    /** Starts the pass over in a new generation, within the `maxSnapshots` budget. */
    const restart = async (failure: unknown) => {
      if (++budget.passes > maxSnapshots) throw failure;
      generation = await store.beginSnapshot(fields);
      page = undefined;
      items = pages = 0;
      loop.reset();
    };
    for (;;) {
      if (++budget.pages > maxPages) throw guardError(`more than ${maxPages} pages in one sync()`);
      let fetched: Fetched<SnapshotBody>;
      try {
        // Continuation pages carry their projection in the token; sending `fields` again is
        // allowed only when equal, so it is left out.
        fetched = await fetchPage(
          "selectedSnapshot",
          page === undefined
            ? { fields, limit: snapshotPageSize }
            : { limit: snapshotPageSize, page },
          undefined,
          parseSnapshot,
          signal,
        );
      } catch (error) {
        // An expired or foreign page token (the ledger epoch changed): start the pass over.
        if (page === undefined || !isFeedgateError(error, "invalid_cursor")) throw error;
        await restart(error);
        continue;
      }
      if (fetched.kind === "not_modified")
        throw createError({
          kind: "invalid_response",
          status: 304,
          code: "unexpected_304",
          message: "selectedSnapshot answered 304 unasked",
        });
      const body = fetched.body;
      if (!(await store.putSnapshotPage(generation, body))) {
        // A different cursor on a later page means the pass is not one pass: start over.
        if ((await store.getState()).pending?.generation !== generation) return false;
        await restart(guardError("snapshot pages carried different cursors"));
        continue;
      }
      pages++;
      items += body.items.length;
      stats.snapshotPages++;
      report(progress());
      if (body.nextPage === null) return commit(generation);
      loop.check(page, body.nextPage, body.items.length);
      page = body.nextPage;
    }
  }

  async function commit(generation: number): Promise<boolean> {
    const committed = await store.commitSnapshot(generation);
    if (committed) {
      stats.snapshots++;
      lastChanges = undefined;
    }
    return committed;
  }

  /** Applies the ledger until it is drained. Returns the last changes answer. */
  async function drain(
    signal: AbortSignal | undefined,
    budget: { pages: number },
  ): Promise<{ response: Response; pages: number }> {
    let pages = 0;
    const loop = loopGuard("selectedChanges");
    for (;;) {
      if (++budget.pages > maxPages) throw guardError(`more than ${maxPages} pages in one sync()`);
      const cursor = await store.getCursor();
      if (cursor === undefined) throw new SnapshotRequired();
      const etag = lastChanges?.cursor === cursor ? lastChanges.etag : undefined;
      const fetched = await fetchPage(
        "selectedChanges",
        { cursor, limit: changesPageSize },
        etag,
        parseChanges,
        signal,
      ).catch((error: unknown) => {
        if (isFeedgateError(error, "snapshot_required")) {
          stats.snapshotRequired++;
          throw new SnapshotRequired();
        }
        throw error;
      });
      if (fetched.kind === "not_modified") return { response: fetched.response, pages };
      const body = fetched.body;
      const unchanged = body.changes.length === 0 && body.cursor === cursor;
      // Saving the cursor is part of applying the page, never earlier: a crash in between
      // leaves the old cursor, and the page (blind upserts/removes) is simply applied again.
      const applied =
        unchanged ||
        (await store.applyPage({
          changes: body.changes,
          expectedCursor: cursor,
          cursor: body.cursor,
        }));
      const next = fetched.response.headers.get("etag");
      lastChanges = next !== null && body.cursor === cursor ? { cursor, etag: next } : undefined;
      if (applied && !unchanged) {
        pages++;
        stats.changePages++;
        stats.changes += body.changes.length;
        // The count is a store read (a query on a shared store): made only when someone listens.
        if (options.onProgress)
          report({ phase: "changes", pages, items: await store.count(), cursor: body.cursor });
      }
      // Not applied = another worker of a shared store moved the cursor: re-read and go on.
      if (applied && !body.hasMore) return { response: fetched.response, pages };
      if (applied) loop.check(cursor, body.cursor, body.changes.length);
    }
  }

  async function syncOnce(signal: AbortSignal | undefined): Promise<SyncResult> {
    const budget = { pages: 0, passes: 0 };
    let snapshotted = false;
    let forced = false;
    let pages = 0;
    for (;;) {
      if (signal?.aborted) throw abortedError(signal, "sync");
      const state = await store.getState();
      const needsSnapshot =
        forced ||
        state.cursor === undefined ||
        state.fields !== fields ||
        state.pending !== undefined;
      if (needsSnapshot) {
        if (++budget.passes > maxSnapshots) {
          throw createError({
            kind: "snapshot_required",
            code: "snapshot_required",
            message: `gave up after ${maxSnapshots} snapshot passes in one sync()`,
          });
        }
        const before = stats.snapshotPages;
        const done = await snapshot(state, forced, signal, budget);
        pages += stats.snapshotPages - before;
        if (done) {
          snapshotted = true;
          forced = false;
        }
        continue;
      }
      try {
        const drained = await drain(signal, budget);
        return {
          items: await store.count(),
          cursor: (await store.getCursor())!,
          snapshotted,
          pages: pages + drained.pages,
          cacheMs: freshnessMs(drained.response.headers.get("cache-control") ?? undefined),
        };
      } catch (error) {
        if (!(error instanceof SnapshotRequired)) throw error;
        forced = true;
      }
    }
  }

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
      return exclusive(() => syncOnce(anySignal([options.signal, callOptions.signal])));
    },
    follow(callOptions = {}) {
      const signal = anySignal([options.signal, callOptions.signal]);
      return exclusive(async () => {
        let failures = 0;
        while (signal?.aborted !== true) {
          let waitMs: number;
          try {
            const result = await syncOnce(signal);
            failures = 0;
            const lifetime = result.cacheMs ?? MIRROR_DEFAULTS.intervalMs;
            const base = Math.max(
              POLL_FLOOR_MS,
              options.intervalMs === undefined
                ? lifetime
                : Math.max(options.intervalMs, result.cacheMs ?? 0),
            );
            raised(options.intervalMs, base, base === POLL_FLOOR_MS ? "floor" : "s-maxage");
            waitMs = Math.ceil(withJitter(base, jitter, random));
            report({ phase: "idle", pages: 0, items: result.items, cursor: result.cursor, waitMs });
          } catch (error) {
            if (signal?.aborted) return;
            // Lasting but temporary trouble: keep following, waiting at least what the service asked.
            if (!isTransient(error) && !isFeedgateError(error, "retry_too_long")) throw error;
            failures++;
            const { kind, status } = error as FeedgateError;
            const backoff = backoffDelay(Math.min(failures, 20), {
              initialDelayMs: retryBaseDelayMs,
              maxDelayMs: retryMaxDelayMs,
              random,
            });
            waitMs = Math.ceil(Math.max(POLL_FLOOR_MS, backoff, serverWaitMs(error) ?? 0));
            report({
              phase: "idle",
              pages: 0,
              items: await store.count(),
              cursor: await store.getCursor(),
              waitMs,
              failure: { kind, status },
            });
          }
          if (!(await pause(options.sleep ?? realSleep, waitMs, signal))) return;
        }
      });
    },
  };
}

function guardError(message: string, code = "limit_exceeded"): FeedgateError {
  return createError({ kind: "limit_exceeded", code, message });
}

/** Pages in a row that claim more but bring nothing, before a phase is called a loop. */
const MAX_EMPTY_PAGES = 3;
/** Page tokens / cursors remembered per phase to detect one given again. */
const RECENT_TOKENS = 16;

/**
 * Watches the tokens a phase is given: one given again (a loop), or pages that claim more but
 * bring nothing, `MAX_EMPTY_PAGES` in a row, end the phase with `limit_exceeded` (`cursor_loop`).
 */
function loopGuard(phase: string) {
  let recent: string[] = [];
  let empty = 0;
  return {
    reset(): void {
      recent = [];
      empty = 0;
    },
    /** `from`: the token this page was fetched with; `next`: the one it gives; `count`: what it brought. */
    check(from: string | undefined, next: string, count: number): void {
      empty = count === 0 ? empty + 1 : 0;
      if (next === from || recent.includes(next))
        throw guardError(
          `${phase}: the service gave a page token it had already given`,
          "cursor_loop",
        );
      if (empty >= MAX_EMPTY_PAGES)
        throw guardError(
          `${phase}: ${empty} pages in a row brought nothing while claiming more`,
          "cursor_loop",
        );
      recent = [...recent.slice(-(RECENT_TOKENS - 1)), next];
    },
  };
}
