import { readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { matches, newestFirst } from "../store/base.js";
import { MirrorData } from "../store/state.js";
import type { MirrorStoreState, SelectedItem, StoreFilter } from "../store/types.js";
import { readStoreFile } from "./durable-fs.js";
import { StoreCorruptError } from "./file-store.js";
import { decodeSnapshot, scanJournal } from "./records.js";

/** A read-only view of a file store, as it was when read. */
export interface FileStoreView {
  /** The store directory read. */
  readonly dir: string;
  /** Cursor, fields and generation of the copy. */
  readonly state: MirrorStoreState;
  /** The item with this id in the current set, if any. */
  get(id: string): SelectedItem | undefined;
  /** The items of the current set, in no particular order. */
  items(): IterableIterator<SelectedItem>;
  /** How many items the current set holds. */
  readonly count: number;
  /** The items matching `filter`, newest first, as a store's `iterate(filter)` gives them. */
  select(filter?: StoreFilter): SelectedItem[];
}

const SNAPSHOT = /^snapshot-(\d+)\.json$/;
/** A compaction can rename files away between listing and reading them: read again, this many times. */
const ATTEMPTS = 5;

/**
 * Reads the copy in `dir` without taking its lock and without changing anything: usable while
 * `mirror --follow` (or any writer) is running. The newest complete snapshot plus the journal's
 * valid prefix is what it shows; a line being appended at that instant is simply not there yet.
 * Throws when `dir` holds no store.
 */
export async function readFileStore(dir: string): Promise<FileStoreView> {
  const root = resolve(dir);
  for (let attempt = 1; ; attempt++) {
    try {
      return await readOnce(root);
    } catch (error) {
      if ((error as { code?: string }).code !== "ENOENT" || attempt >= ATTEMPTS) throw error;
    }
  }
}

async function readOnce(root: string): Promise<FileStoreView> {
  const names = await readdir(root);
  // A loop, not Math.max(...names): a directory of 200,000 other files would overflow the stack.
  let sequence = -1;
  for (const name of names) sequence = Math.max(sequence, Number(SNAPSHOT.exec(name)?.[1] ?? -1));
  let data = new MirrorData();
  if (sequence >= 0) {
    const json = decodeSnapshot(
      (await readStoreFile(join(root, `snapshot-${sequence}.json`))).toString("utf8"),
    );
    if (json === undefined)
      throw new Error(`mirror store ${root}: snapshot-${sequence}.json is damaged`);
    data = MirrorData.fromJSON(json);
  }
  const journal = join(root, `journal-${Math.max(sequence, 0)}.log`);
  const buffer = await readStoreFile(journal).catch((error: { code?: string }) => {
    if (error.code === "ENOENT" && sequence >= 0) return Buffer.alloc(0);
    if (error.code === "ENOENT")
      throw Object.assign(new Error(`${root} holds no mirror store (no snapshot, no journal)`), {
        code: "ENOSTORE",
      });
    throw error;
  });
  const scan = scanJournal(buffer);
  // Damage with valid records after it is reported as the writer reports it, never shown as a
  // shorter copy; a torn last line (a writer mid-append) is simply not there yet.
  if (scan.damagedAt !== undefined) throw new StoreCorruptError(journal, scan.damagedAt);
  for (const record of scan.records) data.apply(record);
  const current = data.current;
  return {
    dir: root,
    state: data.state(),
    get: (id) => current.get(id),
    items: () => current.values(),
    count: current.size,
    select: (filter = {}) => [...current.values()].filter(matches(filter)).sort(newestFirst),
  };
}
