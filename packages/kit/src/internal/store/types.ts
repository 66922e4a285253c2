import type { CategoryKey, Item, ItemMinimal } from "@feedgate/feed-client";

/** One item of the selected set: `Item` with `fields: "default"`, `ItemMinimal` with `"minimal"`. */
export type SelectedItem = Item | ItemMinimal;

/** Which projection a snapshot (and every change after it) carries. */
export type SelectedFields = "default" | "minimal";

/** A filter of the stores' readers: each maps to an item field. */
export interface StoreFilter {
  /** Items of this category only (a known key autocompletes; any string is accepted). Default: any. */
  category?: CategoryKey | undefined;
  /** Items published (else discovered) at or after this time. */
  since?: string | Date | undefined;
  /** Case-insensitive text in the title or the summary. */
  q?: string | undefined;
}

/** One ledger entry, as the store applies it: a blind write, so replaying it is harmless. */
export type MirrorChange =
  | {
      /** Add or replace the item. */
      op: "upsert";
      /** The item as the ledger carries it. */
      item: SelectedItem;
    }
  | {
      /** Delete the item. */
      op: "remove";
      /** The id of the item to delete. */
      id: string;
    };

/** A snapshot pass that has not become current yet. */
export interface PendingSnapshot {
  /** Generation number handed out by `beginSnapshot`. */
  generation: number;
  /** The projection the pass fetches. */
  fields: SelectedFields;
  /** The ledger cursor of the pass (the same on every page); undefined before the first page. */
  cursor: string | undefined;
  /** The `nextPage` token to continue with; null once the last page is stored. */
  nextPage: string | null;
  /** Items stored for this generation so far. */
  items: number;
}

/** What a mirror needs to know to resume. */
export interface MirrorStoreState {
  /** Ledger cursor of the current set; undefined until a first snapshot has been committed. */
  cursor: string | undefined;
  /** Projection of the current set; undefined until a first snapshot has been committed. */
  fields: SelectedFields | undefined;
  /** Generation of the current set (0 = none yet). */
  generation: number;
  /** A snapshot being rebuilt, if any: readers never see it until `commitSnapshot`. */
  pending: PendingSnapshot | undefined;
}

/** A page of changes to apply atomically together with the cursor that follows it. */
export interface ChangesPage {
  /** Upserts and removes in ledger order. A remove of an unknown id is a no-op. */
  changes: readonly MirrorChange[];
  /** The cursor the page was fetched with: the write happens only if it is still the store's cursor. */
  expectedCursor: string;
  /** The cursor after this page; saved in the same atomic step as the changes. */
  cursor: string;
}

/** One page of a snapshot pass. */
export interface SnapshotPage {
  /** The page's items. */
  items: readonly SelectedItem[];
  /** The pass's ledger cursor (identical on every page). */
  cursor: string;
  /** The token of the next page, or null when this was the last one. */
  nextPage: string | null;
}

/**
 * Where a selected-set mirror keeps its copy. Deliberately narrow, and every write is a
 * compare-and-set, so a shared store (e.g. one PostgreSQL table plus a cursor row) can serve
 * several workers: a worker that loses a race gets `false`, re-reads the state and carries on.
 *
 * Every write is atomic: after a crash the store holds either all of a call's effect or none.
 */
export interface MirrorStore {
  /** The resumable state: current cursor and generation, and any snapshot in progress. */
  getState(): Promise<MirrorStoreState>;
  /** Shorthand for `(await getState()).cursor`. */
  getCursor(): Promise<string | undefined>;
  /** Starts a new snapshot generation (discarding any earlier unfinished one) and returns its number. */
  beginSnapshot(fields: SelectedFields): Promise<number>;
  /** Adds a page to a pending generation. False when that generation is no longer pending. */
  putSnapshotPage(generation: number, page: SnapshotPage): Promise<boolean>;
  /** Makes a complete pending generation the current set, with its cursor. False when it is no longer pending. */
  commitSnapshot(generation: number): Promise<boolean>;
  /** Applies a changes page and saves its cursor in one step. False (and nothing written) when `expectedCursor` is stale. */
  applyPage(page: ChangesPage): Promise<boolean>;
  /** One item of the current set. */
  get(id: string): Promise<SelectedItem | undefined>;
  /** The ids of the current set. */
  ids(): Promise<string[]>;
  /** The items of the current set. */
  entries(): Promise<SelectedItem[]>;
  /**
   * The items of the current set that pass `filter`, newest first (published, else discovered,
   * time), page by page so memory stays bounded however large the set. Optional for custom
   * stores; the memory, file and PostgreSQL stores have it.
   */
  iterate?(
    filter?: StoreFilter,
    options?: { pageSize?: number },
  ): AsyncGenerator<SelectedItem, void, undefined>;
  /** How many items the current set holds. */
  count(): Promise<number>;
  /** Releases files, locks or connections. Further calls fail. */
  close(): Promise<void>;
}
