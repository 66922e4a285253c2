import { createError, invalidArgument } from "@feedgate/core";
import { MirrorData, type MirrorRecord } from "./state.js";
import type {
  ChangesPage,
  MirrorStore,
  MirrorStoreState,
  SelectedFields,
  SelectedItem,
  SnapshotPage,
  StoreFilter,
} from "./types.js";

/**
 * A {@link MirrorStore} over an in-memory {@link MirrorData}. Writes are serialised; each is
 * checked (compare-and-set), handed to `persist` (a no-op in memory, an fsync'ed journal line on
 * disk) and only then applied, so readers never see a write that is not durable yet.
 */
export class DataBackedStore implements MirrorStore {
  protected data: MirrorData;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(data: MirrorData = new MirrorData()) {
    this.data = data;
  }

  /** Makes a record durable before it is applied. The memory store keeps nothing. */
  protected async persist(_record: MirrorRecord): Promise<void> {}

  /** Runs after each applied write, still inside the write queue (the file store compacts here). */
  protected async afterWrite(): Promise<void> {}

  /** Releases resources after the last write. */
  protected async release(): Promise<void> {}

  /** Runs a task in the write queue, after every earlier write. */
  protected queueTask<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => {
      if (this.closed)
        throw createError({
          kind: "invalid_request",
          code: "store_closed",
          message: "mirror store is closed",
        });
      return task();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private write(record: MirrorRecord): Promise<boolean> {
    return this.queueTask(async () => {
      if (!this.data.accepts(record)) return false;
      await this.persist(record);
      this.data.apply(record);
      await this.afterWrite();
      return true;
    });
  }

  async getState(): Promise<MirrorStoreState> {
    return this.data.state();
  }

  async getCursor(): Promise<string | undefined> {
    return this.data.cursor;
  }

  async beginSnapshot(fields: SelectedFields): Promise<number> {
    return this.queueTask(async () => {
      const record: MirrorRecord = { t: "begin", g: this.data.lastBegun + 1, f: fields };
      await this.persist(record);
      this.data.apply(record);
      await this.afterWrite();
      return record.g;
    });
  }

  putSnapshotPage(generation: number, page: SnapshotPage): Promise<boolean> {
    return this.write({
      t: "spage",
      g: generation,
      c: page.cursor,
      n: page.nextPage,
      items: [...page.items],
    });
  }

  commitSnapshot(generation: number): Promise<boolean> {
    return this.write({ t: "commit", g: generation });
  }

  applyPage(page: ChangesPage): Promise<boolean> {
    return this.write({
      t: "page",
      e: page.expectedCursor,
      c: page.cursor,
      ops: [...page.changes],
    });
  }

  /** See `MirrorStore.iterate`; the set is in memory here, so pages are slices of one sorted list. */
  async *iterate(
    filter: StoreFilter = {},
    options: { pageSize?: number } = {},
  ): AsyncGenerator<SelectedItem, void, undefined> {
    const pageSize = options.pageSize ?? 1000;
    const matching = [...this.data.current.values()].filter(matches(filter)).sort(newestFirst);
    for (let i = 0; i < matching.length; i += pageSize) yield* matching.slice(i, i + pageSize);
  }

  async get(id: string): Promise<SelectedItem | undefined> {
    return this.data.current.get(id);
  }

  async ids(): Promise<string[]> {
    return [...this.data.current.keys()];
  }

  async entries(): Promise<SelectedItem[]> {
    return [...this.data.current.values()];
  }

  async count(): Promise<number> {
    return this.data.current.size;
  }

  close(): Promise<void> {
    return this.queueTask(async () => {
      this.closed = true;
      await this.release();
    });
  }
}

const timeOf = (item: SelectedItem) =>
  (item as { publishedAt?: string | null }).publishedAt ??
  (item as { discoveredAt?: string | null }).discoveredAt ??
  "";

/** The stores' order: newest first (published, else discovered), then by id. */
export function newestFirst(a: SelectedItem, b: SelectedItem): number {
  return timeOf(b).localeCompare(timeOf(a)) || b.id.localeCompare(a.id);
}

/** The predicate of a filter, as the PostgreSQL store applies it in SQL. */
export function matches(filter: StoreFilter): (item: SelectedItem) => boolean {
  const since = filter.since === undefined ? undefined : new Date(filter.since).getTime();
  if (since !== undefined && Number.isNaN(since))
    throw invalidArgument("since", `not a date: ${String(filter.since)}`);
  const q = filter.q?.trim().toLowerCase();
  return (item) => {
    const i = item as { category?: string | null; title?: string | null; summary?: string | null };
    if (filter.category !== undefined && i.category !== filter.category) return false;
    if (since !== undefined && !(Date.parse(timeOf(item)) >= since)) return false;
    return !q || `${i.title ?? ""}\n${i.summary ?? ""}`.toLowerCase().includes(q);
  };
}
