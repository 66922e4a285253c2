import { type Clock, createError, freshnessMs, isFeedgateError, type Log } from "@feedgate/core";
import type { FeedClient } from "@feedgate/feed-client";
import { createCaller } from "../feed/call.js";
import { cursorGuard } from "../internal/cursor-guard.js";
import { abortedError, badAnswer, limitError, redirectError } from "../internal/errors.js";
import type { MirrorStore, MirrorStoreState, SelectedFields } from "../internal/store/types.js";
import { parseChanges, parseSnapshot, type SnapshotBody } from "./parse.js";
import type { MirrorProgress, MirrorStats } from "./progress.js";

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

/** What one mirror's syncs share: its settings, its store, its counters and its progress callback. */
export interface SyncSettings {
  client: FeedClient;
  store: MirrorStore;
  clock: Clock;
  fields: SelectedFields;
  snapshotPageSize: number;
  changesPageSize: number;
  maxSnapshots: number;
  maxPages: number;
  stats: MirrorStats;
  /** Where a skipped item is said (event `item_skipped`). */
  log: Log;
  /** Whether someone listens to progress (a store count is made only then). */
  listening: boolean;
  report(progress: Omit<MirrorProgress, "changes" | "snapshots">): void;
}

type Fetched<T> =
  | { kind: "ok"; body: T; response: Response }
  | { kind: "not_modified"; response: Response };

/** Internal: a 409 inside a drain means "snapshot again". */
class SnapshotRequired extends Error {}

/**
 * The mirror's `sync`: a snapshot when there is no usable cursor (or the service answers 409
 * snapshot_required), resuming an interrupted pass where possible, then the ledger until
 * `hasMore` is false. Every page goes through the kit's caller (validation, the transport's
 * retries, typed errors, the clock for a dated Retry-After) and is parsed before it is stored.
 */
export function createSync(
  settings: SyncSettings,
): (signal: AbortSignal | undefined) => Promise<SyncResult> {
  const { store, fields, snapshotPageSize, changesPageSize } = settings;
  const { maxSnapshots, maxPages, stats, report } = settings;
  const caller = createCaller(settings.client, settings.clock);
  /** The page, once each item it skipped was said (a warning naming the item). */
  const said = <T extends { skipped: string[] }>(body: T): T => {
    for (const id of body.skipped)
      settings.log(
        "warn",
        `mirror: item ${JSON.stringify(id.slice(0, 80))} nests over 64 levels deep: skipped`,
        { event: "item_skipped" },
      );
    return body;
  };
  /** ETag of the last changes answer, for the cursor it was fetched with (a 304 = nothing new). */
  let lastChanges: { cursor: string; etag: string } | undefined;

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
      throw redirectError(
        "unexpected_redirect",
        `${operation} answered ${response.status}`,
        response.status,
      );
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
    const loop = cursorGuard("selectedSnapshot");
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
        throw badAnswer("unexpected_304", "selectedSnapshot answered 304 unasked", { status: 304 });
      const body = said(fetched.body);
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
      loop.check(page, body.nextPage, body.items.length > 0);
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
    const loop = cursorGuard("selectedChanges");
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
        // A stored cursor the kit will not send (kept by an older version) restarts the pass too.
        const unsendable = isFeedgateError(error, "invalid_request") && error.param === "cursor";
        if (unsendable || isFeedgateError(error, "snapshot_required")) {
          stats.snapshotRequired++;
          throw new SnapshotRequired();
        }
        throw error;
      });
      if (fetched.kind === "not_modified") return { response: fetched.response, pages };
      const body = said(fetched.body);
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
        if (settings.listening)
          report({ phase: "changes", pages, items: await store.count(), cursor: body.cursor });
      }
      // Not applied = another worker of a shared store moved the cursor: re-read and go on.
      if (applied && !body.hasMore) return { response: fetched.response, pages };
      if (applied) loop.check(cursor, body.cursor, body.changes.length > 0);
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
        if (++budget.passes > maxSnapshots)
          throw createError({
            kind: "snapshot_required",
            code: "snapshot_required",
            message: `gave up after ${maxSnapshots} snapshot passes in one sync()`,
          });
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

  return syncOnce;
}

const guardError = (message: string) => limitError("limit_exceeded", message);
