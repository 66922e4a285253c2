import type {
  MirrorChange,
  MirrorStoreState,
  PendingSnapshot,
  SelectedFields,
  SelectedItem,
} from "./types.js";

/**
 * One durable step of a mirror store. Stores that journal (the Node file store) write these;
 * replaying them in order with {@link MirrorData.apply} rebuilds exactly the same state.
 */
export type MirrorRecord =
  | { t: "begin"; g: number; f: SelectedFields }
  | { t: "spage"; g: number; c: string; n: string | null; items: SelectedItem[] }
  | { t: "commit"; g: number }
  | { t: "page"; e: string; c: string; ops: MirrorChange[] };

/** The whole state as plain JSON (what a compacted snapshot file holds). */
export interface MirrorDataJson {
  v: 1;
  generation: number;
  lastBegun: number;
  cursor: string | null;
  fields: SelectedFields | null;
  items: SelectedItem[];
  pending: {
    g: number;
    f: SelectedFields;
    c: string | null;
    n: string | null;
    items: SelectedItem[];
  } | null;
}

type Pending = Omit<PendingSnapshot, "items"> & { items: Map<string, SelectedItem> };

/**
 * The state machine shared by the in-memory and file stores: the current set, its cursor, and
 * at most one pending snapshot generation. `accepts` is the compare-and-set check, made before
 * a record is written; `apply` never fails, so replaying a journal is deterministic.
 */
export class MirrorData {
  current = new Map<string, SelectedItem>();
  cursor: string | undefined;
  fields: SelectedFields | undefined;
  generation = 0;
  /** Highest generation ever begun, so numbers are never reused after a restart. */
  lastBegun = 0;
  pending: Pending | undefined;

  state(): MirrorStoreState {
    const { cursor, fields, generation, pending: p } = this;
    const pending = p && { ...p, items: p.items.size };
    return { cursor, fields, generation, pending };
  }

  /** Whether a record may be written now (the compare-and-set of every store write). */
  accepts(record: MirrorRecord): boolean {
    switch (record.t) {
      case "begin":
        return record.g > this.lastBegun;
      case "spage":
        return (
          this.pending?.generation === record.g &&
          (this.pending.cursor === undefined || this.pending.cursor === record.c)
        );
      case "commit":
        return (
          this.pending?.generation === record.g &&
          this.pending.cursor !== undefined &&
          this.pending.nextPage === null
        );
      case "page":
        return this.cursor !== undefined && this.cursor === record.e;
    }
  }

  apply(record: MirrorRecord): void {
    switch (record.t) {
      case "begin":
        this.lastBegun = Math.max(this.lastBegun, record.g);
        this.pending = {
          generation: record.g,
          fields: record.f,
          cursor: undefined,
          nextPage: null,
          items: new Map(),
        };
        return;
      case "spage": {
        const p = this.pending;
        if (p?.generation !== record.g) return;
        for (const item of record.items) p.items.set(item.id, item);
        p.cursor = record.c;
        p.nextPage = record.n;
        return;
      }
      case "commit": {
        const p = this.pending;
        if (p?.generation !== record.g || p.cursor === undefined) return;
        this.current = p.items;
        this.cursor = p.cursor;
        this.fields = p.fields;
        this.generation = p.generation;
        this.pending = undefined;
        return;
      }
      case "page":
        for (const change of record.ops) {
          if (change.op === "upsert") this.current.set(change.item.id, change.item);
          else this.current.delete(change.id); // unknown id: a no-op, as the service asks
        }
        this.cursor = record.c;
        return;
    }
  }

  toJSON(): MirrorDataJson {
    const p = this.pending;
    return {
      v: 1,
      generation: this.generation,
      lastBegun: this.lastBegun,
      cursor: this.cursor ?? null,
      fields: this.fields ?? null,
      items: [...this.current.values()],
      pending:
        p === undefined
          ? null
          : {
              g: p.generation,
              f: p.fields,
              c: p.cursor ?? null,
              n: p.nextPage,
              items: [...p.items.values()],
            },
    };
  }

  static fromJSON(json: MirrorDataJson): MirrorData {
    if (json.v !== 1) throw new Error(`unsupported mirror snapshot version ${String(json.v)}`);
    const data = new MirrorData();
    data.generation = json.generation;
    data.lastBegun = json.lastBegun;
    data.cursor = json.cursor ?? undefined;
    data.fields = json.fields ?? undefined;
    for (const item of json.items) data.current.set(item.id, item);
    const p = json.pending;
    if (p !== null) {
      data.pending = {
        generation: p.g,
        fields: p.f,
        cursor: p.c ?? undefined,
        nextPage: p.n,
        items: new Map(p.items.map((i) => [i.id, i])),
      };
    }
    return data;
  }
}
