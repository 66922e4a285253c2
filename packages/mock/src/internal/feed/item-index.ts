import { timelineTime } from "@feedgate/feed-client";
import { compareIds } from "./ledger.js";
import type { FakeItem } from "./types.js";

/**
 * The two orders of /api/v1/items: `by=timeline` (discoveredAt, or publishedAt for an item
 * back-filled more than 72 h after publication: `timelineTime`) and `by=published`
 * (publishedAt ?? discoveredAt).
 */
export type ItemOrder = "timeline" | "published";

/** One stored item with its sort keys, computed once. */
export interface ItemEntry {
  /** Insertion order: breaks ties between items with the same sort key and id, as a stable sort of the list would. */
  readonly seq: number;
  item: FakeItem;
  /** `timelineTime(item)`: discoveredAt, or publishedAt when back-filled over 72 h later (NaN when unparsable: never listed). */
  timeline: number;
  /** `Date.parse(publishedAt ?? discoveredAt)`. */
  published: number;
  /** Lower-cased title, original title and summary, for `q`; computed on first use. */
  text?: string | undefined;
}

/** Which items a page is drawn from: the order, and the filters that have their own index. */
export interface ItemView {
  by: ItemOrder;
  /** `mode=selected`: only items with `selected`. */
  selectedOnly: boolean;
  /** `category=`: only items of this category; null for every item. */
  category: string | null;
}

export interface PageQuery {
  /** The window: sort keys in [windowStart, now]. */
  now: number;
  windowStart: number;
  /** Keyset cursor: only items strictly after (a, i) in the order (key desc, then id desc). */
  after?: { a: number; i: string } | undefined;
  limit: number;
  /** A further filter without an index (`q`): tested item by item from the start of the page on. */
  matches?: ((entry: ItemEntry) => boolean) | undefined;
}

/** Adds above this many items at once re-sort the built indexes instead of inserting one by one. */
const BULK = 64;

/** The order of an index: key descending, then id descending, then insertion order. */
function comparator(by: ItemOrder): (x: ItemEntry, y: ItemEntry) => number {
  return (x, y) => y[by] - x[by] || compareIds(y.item.id, x.item.id) || x.seq - y.seq;
}

/** The first index in [lo, hi) where `pred` holds, for a `pred` that is false then true along the array. */
function lowerBound<T>(
  array: readonly T[],
  pred: (value: T) => boolean,
  lo = 0,
  hi = array.length,
): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pred(array[mid] as T)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function belongs(entry: ItemEntry, view: ItemView): boolean {
  if (Number.isNaN(entry[view.by])) return false;
  if (view.selectedOnly && !entry.item.selected) return false;
  if (view.category !== null && entry.item.category !== view.category) return false;
  return true;
}

function entryOf(item: FakeItem, seq: number): ItemEntry {
  return {
    seq,
    item,
    timeline: timelineTime(item),
    published: Date.parse(item.publishedAt ?? item.discoveredAt),
  };
}

/**
 * The items of the feed fake: the list in insertion order, plus a sorted index per view (order ×
 * mode × category) in the items route's order. An index is built (one sort) the first time a
 * query needs it and then kept up to date on every add, update and remove, so that a page costs
 * two binary searches (the window's newest end and the cursor's position) and a walk of the
 * page itself — not a filter and sort of every item. Only `q` is tested item by item, from the
 * cursor on, until the page is full.
 */
export class ItemIndex {
  /** Insertion order (a Map keeps it; removal is O(1)). */
  #entries = new Map<number, ItemEntry>();
  #byId = new Map<string, ItemEntry[]>();
  #views = new Map<string, { view: ItemView; sorted: ItemEntry[] }>();
  #nextSeq = 0;

  get size(): number {
    return this.#entries.size;
  }

  /** The items in insertion order (the stored objects: callers clone). */
  list(): FakeItem[] {
    return Array.from(this.#entries.values(), (entry) => entry.item);
  }

  /** Replaces every item (the indexes are rebuilt on next use). */
  set(items: readonly FakeItem[]): void {
    this.#entries.clear();
    this.#byId.clear();
    this.#views.clear();
    for (const item of items) this.#store(item);
  }

  /** Appends items (after every item held, for ties). */
  add(items: readonly FakeItem[]): void {
    const added = items.map((item) => this.#store(item));
    for (const { view, sorted } of this.#views.values()) {
      const members = added.filter((entry) => belongs(entry, view));
      if (members.length > BULK) {
        sorted.push(...members);
        sorted.sort(comparator(view.by));
      } else {
        for (const entry of members) this.#insert(sorted, view, entry);
      }
    }
  }

  /** Replaces every item with `item.id` in place (its position in the list is kept); returns how many. */
  update(item: FakeItem): number {
    const entries = this.#byId.get(item.id) ?? [];
    for (const entry of entries) {
      this.#unindex(entry);
      entry.item = item;
      entry.timeline = timelineTime(item);
      entry.published = Date.parse(item.publishedAt ?? item.discoveredAt);
      delete entry.text;
      for (const { view, sorted } of this.#views.values())
        if (belongs(entry, view)) this.#insert(sorted, view, entry);
    }
    return entries.length;
  }

  /** Removes every item with this id; returns how many. */
  remove(id: string): number {
    const entries = this.#byId.get(id) ?? [];
    for (const entry of entries) {
      this.#unindex(entry);
      this.#entries.delete(entry.seq);
    }
    this.#byId.delete(id);
    return entries.length;
  }

  /**
   * The first `limit` items of `view` inside the window, after the cursor, that pass `matches`,
   * and whether more follow. Same result as filtering every item, sorting by (key desc, id desc)
   * with a stable sort, dropping what is not after the cursor and slicing.
   */
  page(view: ItemView, query: PageQuery): { entries: ItemEntry[]; hasMore: boolean } {
    const sorted = this.#sorted(view);
    const { by } = view;
    const { now, windowStart, after, limit, matches } = query;
    // Keys descend along the index: skip what is newer than now, then what is not after the cursor.
    let start = lowerBound(sorted, (entry) => entry[by] <= now);
    if (after !== undefined) {
      const { a, i } = after;
      start = Math.max(
        start,
        lowerBound(sorted, (entry) => entry[by] < a || (entry[by] === a && entry.item.id < i)),
      );
    }
    const entries: ItemEntry[] = [];
    for (let k = start; k < sorted.length; k++) {
      const entry = sorted[k] as ItemEntry;
      if (entry[by] < windowStart) break;
      if (matches && !matches(entry)) continue;
      if (entries.length === limit) return { entries, hasMore: true };
      entries.push(entry);
    }
    return { entries, hasMore: false };
  }

  #store(item: FakeItem): ItemEntry {
    const entry = entryOf(item, this.#nextSeq++);
    this.#entries.set(entry.seq, entry);
    const same = this.#byId.get(item.id);
    if (same) same.push(entry);
    else this.#byId.set(item.id, [entry]);
    return entry;
  }

  #sorted(view: ItemView): ItemEntry[] {
    const key = `${view.by}|${view.selectedOnly ? "s" : "a"}|${view.category === null ? "*" : `c:${view.category}`}`;
    let built = this.#views.get(key);
    if (!built) {
      const sorted: ItemEntry[] = [];
      for (const entry of this.#entries.values()) if (belongs(entry, view)) sorted.push(entry);
      sorted.sort(comparator(view.by));
      built = { view: { ...view }, sorted };
      this.#views.set(key, built);
    }
    return built.sorted;
  }

  #insert(sorted: ItemEntry[], view: ItemView, entry: ItemEntry): void {
    const compare = comparator(view.by);
    sorted.splice(
      lowerBound(sorted, (other) => compare(other, entry) > 0),
      0,
      entry,
    );
  }

  /** Takes an entry out of every built index that holds it (found by binary search: the order is total). */
  #unindex(entry: ItemEntry): void {
    for (const { view, sorted } of this.#views.values()) {
      if (!belongs(entry, view)) continue;
      const compare = comparator(view.by);
      const at = lowerBound(sorted, (other) => compare(other, entry) >= 0);
      if (sorted[at] === entry) sorted.splice(at, 1);
    }
  }
}
