import type { SelectedItem } from "./types.js";

export type LedgerEntry =
  | { seq: number; op: "upsert"; changedAt: number; item: SelectedItem }
  | { seq: number; op: "remove"; changedAt: number; id: string };

/**
 * The selected set and its change ledger. Entries are numbered from 1; the set as of any
 * retained watermark can be rebuilt (base state at the trim point + replay), which is what
 * a snapshot pass reads across its pages.
 */
export class SelectedLedger {
  /** Bumped by requireSnapshot(): every older cursor and page token stops working. */
  epoch = 1;
  #entries: LedgerEntry[] = [];
  /** Watermark the retained entries start after; cursors below it are too old. */
  #floor = 0;
  #base = new Map<string, SelectedItem>();
  #current = new Map<string, SelectedItem>();
  #asOfCache: { epoch: number; w: number; items: SelectedItem[] } | undefined;

  get head(): number {
    return this.#floor + this.#entries.length;
  }

  get floor(): number {
    return this.#floor;
  }

  upsert(item: SelectedItem, at: number): void {
    this.#entries.push({
      seq: this.head + 1,
      op: "upsert",
      changedAt: at,
      item: structuredClone(item),
    });
    this.#current.set(item.id, structuredClone(item));
  }

  remove(id: string, at: number): void {
    this.#entries.push({ seq: this.head + 1, op: "remove", changedAt: at, id });
    this.#current.delete(id);
  }

  truth(): SelectedItem[] {
    return [...this.#current.values()]
      .sort((a, b) => compareIds(a.id, b.id))
      .map((i) => structuredClone(i));
  }

  requireSnapshot(): void {
    this.epoch += 1;
    this.#asOfCache = undefined;
  }

  /** Drops all but the newest `keep` entries; cursors older than the retained ledger then get 409. */
  trim(keep: number): void {
    const drop = Math.max(0, this.#entries.length - keep);
    for (const entry of this.#entries.slice(0, drop)) apply(this.#base, entry);
    this.#entries = this.#entries.slice(drop);
    this.#floor += drop;
  }

  /** Entries with seq in (after, head], at most `limit`. */
  after(after: number, limit: number): LedgerEntry[] {
    const start = after - this.#floor;
    return this.#entries.slice(start, start + limit);
  }

  /** The set as of watermark `w` (floor ≤ w ≤ head), ordered by id ascending. */
  asOf(w: number): SelectedItem[] {
    const cached = this.#asOfCache;
    if (cached && cached.epoch === this.epoch && cached.w === w) return cached.items;
    const state = new Map(this.#base);
    for (const entry of this.#entries) {
      if (entry.seq > w) break;
      apply(state, entry);
    }
    const items = [...state.values()].sort((a, b) => compareIds(a.id, b.id));
    this.#asOfCache = { epoch: this.epoch, w, items };
    return items;
  }
}

function apply(state: Map<string, SelectedItem>, entry: LedgerEntry): void {
  if (entry.op === "upsert") state.set(entry.item.id, entry.item);
  else state.delete(entry.id);
}

/** Code-unit order, as a database's binary collation would sort ids. */
export function compareIds(a: string, b: string): number {
  return Number(a > b) - Number(a < b);
}
