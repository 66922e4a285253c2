import { checkPositive, isFeedgateError, type Log, type ResponseMeta } from "@feedgate/core";
import type { Item, ItemsQuery, ItemsResponse } from "@feedgate/feed-client";
import { cursorGuard } from "../internal/cursor-guard.js";
import { badAnswer, limitError } from "../internal/errors.js";
import type { Caller } from "./call.js";
import { itemsOf } from "./page-items.js";
import { sortKey } from "./sort-key.js";
import type { CallOptions, ConditionalResult } from "./types.js";

/** Options of the items paginators. */
export interface PaginateOptions extends CallOptions {
  /** Pages fetched at most in one iteration (restarts included); one more fails with kind `limit_exceeded`. Default: 1000. */
  maxPages?: number | undefined;
  /** Restarts from the first page after `invalid_cursor`, at most; one more fails with kind `limit_exceeded`. Default: 3. */
  maxRestarts?: number | undefined;
}

/** One page as the paginator yields it. */
export interface ItemsPage {
  /**
   * This page's items, minus any this iteration already yielded: items a server repeats at a
   * page boundary, and, after a restart, everything up to where the iteration had got to.
   */
  items: Item[];
  /** The page as the service sent it. */
  data: ItemsResponse;
  /** The page's response metadata. */
  meta: ResponseMeta;
  /** 1-based count of pages fetched so far in this iteration. */
  pageNumber: number;
  /** Restarts after `invalid_cursor` so far. */
  restarts: number;
}

/**
 * Decides which fetched items an iteration yields, remembering only a bounded set: the ids near
 * its position (the last page yielded, plus every earlier one sharing the last item's sort key).
 *
 * Items come newest first: sort key descending, then id descending. Keyset cursors never repeat
 * or skip an item, so a plain walk needs no memory beyond a server repeating an item at a page
 * boundary. A restart after `invalid_cursor` walks from the first page again, and resumes just
 * after the last item yielded: at that item's id, or — when the sort keys seen so far were in
 * order, so they can be trusted — at the first item with an older key (the last item itself may
 * have left the window, which is what invalidates a cursor). The service's timeline time is
 * not always in the item (for `mode=selected` it is a reading group's anchor), so keys that turn
 * out of order are never used to skip: only the id is.
 *
 * Items that arrived at the head while the walk was under way are yielded after a restart too:
 * it remembers the newest sort key it has seen (and the ids sharing it), and an item with a
 * newer key, or the same key and an id not seen, is new. This holds while the keys are in
 * order; with keys out of order only the id is trusted and such items are not told apart.
 */
export function positionTracker() {
  /** Ids yielded near the current position, with their sort keys. */
  let boundary = new Map<string, number>();
  let last: { id: string; key: number } | undefined;
  /** Where to resume after a restart; undefined while walking on. */
  let resume: { id: string; key: number } | undefined;
  let previousKey: number | undefined;
  let ordered = true;
  /** The newest sort key yielded, and the ids yielded with it. */
  let head: { key: number; ids: Set<string> } | undefined;
  /** `head` as it was when the current restart began: what is newer than it is new. */
  let headAtRestart: { key: number; ids: Set<string> } | undefined;
  return {
    /** How many ids it holds now (bounded: a page plus the ties of the last sort key). */
    get remembered(): number {
      return boundary.size;
    },
    /** True while a restart walks again towards where the iteration had got to. */
    get resuming(): boolean {
      return resume !== undefined;
    },
    restart(): void {
      resume = last;
      headAtRestart = head && { key: head.key, ids: new Set(head.ids) };
      previousKey = undefined;
    },
    /** The items of a fetched page that are new to this iteration. */
    accept(items: Item[], published: boolean): Item[] {
      const fresh: Item[] = [];
      // The fresh items past the position (not new at the head), with their keys: they move it.
      // Two parallel arrays rather than an object per item: this loop runs for every item.
      const pastIds: string[] = [];
      const pastKeys: number[] = [];
      // Ids this page already gave: a server may repeat one within a page too.
      const taken = new Set<string>();
      for (const item of items) {
        const key = sortKey(item, published);
        // NaN (no usable time) also counts as out of order.
        if (previousKey !== undefined && !(key <= previousKey)) ordered = false;
        previousKey = key;
        let take = !boundary.has(item.id) && !taken.has(item.id);
        let atHead = false;
        if (resume !== undefined) {
          // Its id marks the position, unless trusted keys show the item itself moved (a new key).
          if (item.id === resume.id && (!ordered || key === resume.key)) resume = undefined;
          else if (ordered && key < resume.key) resume = undefined;
          // Newer than anything yielded: it arrived at the head after the walk began.
          else if (
            ordered &&
            headAtRestart !== undefined &&
            (key > headAtRestart.key ||
              (key === headAtRestart.key && !headAtRestart.ids.has(item.id)))
          )
            atHead = true;
          // Before the position, unless it shares the last key and was not yielded (ids order such ties).
          else take &&= ordered && key === resume.key;
        }
        if (!take) continue;
        taken.add(item.id);
        fresh.push(item);
        if (head === undefined || key > head.key) head = { key, ids: new Set([item.id]) };
        else if (key === head.key) head.ids.add(item.id);
        if (!atHead) {
          pastIds.push(item.id);
          pastKeys.push(key);
        }
      }
      const count = pastIds.length;
      if (count > 0) {
        const endKey = pastKeys[count - 1]!;
        last = { id: pastIds[count - 1]!, key: endKey };
        const next = new Map<string, number>();
        for (const [id, key] of boundary) if (key === endKey) next.set(id, key);
        for (let i = 0; i < count; i++) next.set(pastIds[i]!, pastKeys[i]!);
        boundary = next;
      }
      return fresh;
    },
  };
}

export function paginator(caller: Caller, log: Log) {
  /**
   * Every page of an items query: passes `nextCursor` until `hasMore` is false. When a cursor
   * turns `invalid_cursor` (its anchor left the time window), starts again from the first page
   * and resumes after the last item yielded, never yielding an item id twice in the iteration
   * (see `positionTracker`: memory stays bounded however long the walk). Fetches only when asked
   * for the next page, so `break` stops fetching. A `cursor` in the query is where the first
   * page starts.
   */
  async function* iterateItemPages(
    query: ItemsQuery = {},
    options: PaginateOptions = {},
  ): AsyncGenerator<ItemsPage, void, undefined> {
    const { maxPages = 1000, maxRestarts = 3, ...call } = options;
    checkPositive("maxPages", maxPages, true);
    checkPositive("maxRestarts", maxRestarts, true);
    const { cursor: startCursor, ...rest } = query;
    const position = positionTracker();
    let cursor = startCursor;
    /** Cursors given since the last (re)start: one given again, or pages bringing nothing new, is a loop. */
    const guard = cursorGuard("pagination stopped", startCursor);
    /**
     * Pages this pass may re-walk without bringing anything new: after a restart the walk passes
     * again what it had yielded (with cursors it saw before, when they encode the position), so
     * the guards count within one pass, and a re-walk may take as many pages as the pass before it.
     */
    let rewalkAllowance = 0;
    let pagesThisPass = 0;
    let pageNumber = 0;
    let restarts = 0;
    for (;;) {
      if (pageNumber >= maxPages)
        throw limitError("max_pages", `more than maxPages (${maxPages}) pages`);
      let result: ConditionalResult<ItemsResponse>;
      try {
        result = await caller.conditional(
          "items",
          { query: cursor === undefined ? rest : { ...rest, cursor } },
          call,
        );
      } catch (error) {
        if (!isFeedgateError(error, "invalid_cursor") || cursor === undefined) throw error;
        if (restarts >= maxRestarts)
          throw limitError("max_restarts", `more than maxRestarts (${maxRestarts}) restarts`, {
            cause: error,
          });
        restarts++;
        cursor = undefined;
        guard.reset();
        rewalkAllowance = pagesThisPass;
        pagesThisPass = 0;
        position.restart();
        log("info", "invalid_cursor: restarting from the first page", {
          event: "poll",
          reason: "invalid_cursor",
          restarts,
        });
        continue;
      }
      pageNumber++;
      pagesThisPass++;
      const data = result.data!;
      const { requestId } = result.meta;
      if (!Array.isArray(data.items) || typeof data.page !== "object" || data.page === null)
        throw badAnswer("not_an_items_page", "no items or page in the answer", { requestId });
      const published =
        (data.query?.ordering ?? (rest.by === "published" ? "publishedAtDesc" : undefined)) ===
        "publishedAtDesc";
      const items = position.accept(data.items, published);
      yield { items, data, meta: result.meta, pageNumber, restarts };
      if (!data.page.hasMore) return;
      const next = data.page.nextCursor;
      if (typeof next !== "string" || next === "")
        throw badAnswer("missing_cursor", "hasMore without nextCursor", { requestId });
      // A re-walk after a restart may pass what it had yielded without counting as empty.
      const rewalk = items.length === 0 && position.resuming && rewalkAllowance > 0;
      if (rewalk) rewalkAllowance--;
      guard.check(cursor, next, rewalk ? undefined : items.length > 0, requestId);
      cursor = next;
    }
  }

  /**
   * Every item of an items query, newest first, each id once (see `iterateItemPages`).
   *
   * The guarantee, restarts included:
   * - no id is yielded twice in one iteration;
   * - every item that stays in the window for the whole walk is yielded;
   * - after a restart (`invalid_cursor`), items that reached the head while the walk was under
   *   way (a sort key newer than the newest yielded) are yielded too, as the restart passes
   *   them — so they come out of order, after older items; this needs the keys the service
   *   sends to be in order (with keys out of order, only the last id marks the position and
   *   such items are not told apart from ones already passed);
   * - memory stays bounded: one page of ids plus the ties of two sort keys, however long the walk;
   * - a cursor given again, or three pages in a row with nothing new while more is claimed,
   *   ends the walk with a FeedgateError of kind `limit_exceeded` (code `cursor_loop`); both
   *   guards count within one pass, so a restart that walks again over cursors and items it saw
   *   before (as position-encoding cursors do) is not a loop, while a re-walk that brings nothing
   *   for more pages than the pass before it had, plus three, still is.
   */
  function iterateItems(
    query: ItemsQuery = {},
    options: PaginateOptions = {},
  ): AsyncGenerator<Item, void, undefined> {
    // Not an async generator over the pages: `itemsOf` hands out an item already fetched as one
    // resolved promise, where a generator's `yield` costs a resumption per item (a profile put
    // that at a few percent of the walk), with the same behaviour (lazy, ordered, closable).
    return itemsOf(iterateItemPages(query, options));
  }

  /**
   * The items newer than what the caller already has: pages back only until it meets a known
   * id (or the last one it knows), as the service asks clients to do. Newest first.
   */
  async function newItemsSince(
    known: Iterable<string> | string,
    query: ItemsQuery = {},
    options: PaginateOptions = {},
  ): Promise<Item[]> {
    const knownIds = new Set(typeof known === "string" ? [known] : known);
    const fresh: Item[] = [];
    for await (const item of iterateItems(query, options)) {
      if (knownIds.has(item.id)) break;
      fresh.push(item);
    }
    return fresh;
  }

  // Each member is documented on the FeedKit interface.
  return { iterateItemPages, iterateItems, newItemsSince };
}
