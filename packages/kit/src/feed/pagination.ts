import type { Item, ItemsQuery, ItemsResponse } from "@feedgate/feed-client";
import { FeedgateError, isFeedgateError } from "../errors.js";
import type { Log } from "../transport/logger.js";
import type { ResponseMeta } from "../transport/meta.js";
import type { Caller } from "./call.js";
import { checkPositive } from "../internal/checks.js";
import type { CallOptions } from "./types.js";

/** Options of the items paginators. */
export interface PaginateOptions extends CallOptions {
  /** Pages fetched at most in one iteration (restarts included); one more fails with kind `limit_exceeded`. Default: 1000. */
  maxPages?: number | undefined;
  /** Restarts from the first page after `invalid_cursor`, at most; one more fails with kind `limit_exceeded`. Default: 3. */
  maxRestarts?: number | undefined;
}

/** One page as the paginator yields it. */
export interface ItemsPage {
  /** This page's items, minus any already yielded in this iteration (after a restart). */
  items: Item[];
  /** The page as the service sent it. */
  data: ItemsResponse;
  meta: ResponseMeta;
  /** 1-based count of pages fetched so far in this iteration. */
  pageNumber: number;
  /** Restarts after `invalid_cursor` so far. */
  restarts: number;
}

export function paginator(caller: Caller, log: Log) {
  /**
   * Every page of an items query: passes `nextCursor` until `hasMore` is false. When a cursor
   * turns `invalid_cursor` (its anchor left the time window), starts again from the first page,
   * never yielding an item id twice in the iteration. Fetches only when asked for the next page,
   * so `break` stops fetching. A `cursor` in the query is where the first page starts.
   */
  async function* iterateItemPages(query: ItemsQuery = {}, options: PaginateOptions = {}): AsyncGenerator<ItemsPage, void, undefined> {
    const { maxPages = 1000, maxRestarts = 3, ...call } = options;
    checkPositive("maxPages", maxPages, true);
    checkPositive("maxRestarts", maxRestarts, true);
    const { cursor: startCursor, ...rest } = query;
    const seen = new Set<string>();
    let cursor = startCursor;
    let pageNumber = 0;
    let restarts = 0;
    for (;;) {
      if (pageNumber >= maxPages) {
        throw new FeedgateError({ kind: "limit_exceeded", code: "max_pages", message: `stopped after maxPages (${maxPages}) pages; more remain` });
      }
      let result;
      try {
        result = await caller.conditional("items", { query: cursor === undefined ? rest : { ...rest, cursor } }, call);
      } catch (error) {
        if (!isFeedgateError(error, "invalid_cursor") || cursor === undefined) throw error;
        if (restarts >= maxRestarts) {
          throw new FeedgateError({ kind: "limit_exceeded", code: "max_restarts", message: `the cursor went invalid more than maxRestarts (${maxRestarts}) times`, cause: error });
        }
        restarts++;
        cursor = undefined;
        log("info", "items cursor no longer valid: restarting from the first page", { event: "poll", reason: "invalid_cursor", restarts });
        continue;
      }
      pageNumber++;
      const data = result.data!;
      if (!Array.isArray(data.items) || typeof data.page !== "object" || data.page === null) {
        throw new FeedgateError({ kind: "invalid_response", code: "not_an_items_page", message: "the items answer lacks items or page", requestId: result.meta.requestId });
      }
      const items = data.items.filter((item) => !seen.has(item.id));
      for (const item of items) seen.add(item.id);
      yield { items, data, meta: result.meta, pageNumber, restarts };
      if (!data.page.hasMore) return;
      if (typeof data.page.nextCursor !== "string" || data.page.nextCursor === "") {
        throw new FeedgateError({ kind: "invalid_response", code: "missing_cursor", message: "the page says hasMore but carries no nextCursor" });
      }
      cursor = data.page.nextCursor;
    }
  }

  /** Every item of an items query, newest first, each id once (see `iterateItemPages`). */
  async function* iterateItems(query: ItemsQuery = {}, options: PaginateOptions = {}): AsyncGenerator<Item, void, undefined> {
    for await (const page of iterateItemPages(query, options)) yield* page.items;
  }

  /**
   * The items newer than what the caller already has: pages back only until it meets a known
   * id (or the last one it knows), as the service asks clients to do. Newest first.
   */
  async function newItemsSince(known: Iterable<string> | string, query: ItemsQuery = {}, options: PaginateOptions = {}): Promise<Item[]> {
    const knownIds = new Set(typeof known === "string" ? [known] : known);
    const fresh: Item[] = [];
    for await (const item of iterateItems(query, options)) {
      if (knownIds.has(item.id)) break;
      fresh.push(item);
    }
    return fresh;
  }

  return { iterateItemPages, iterateItems, newItemsSince };
}
