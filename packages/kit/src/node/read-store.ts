import { readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { matches, newestFirst } from "../internal/store/base.js";
import { MirrorData } from "../internal/store/state.js";
import type { MirrorStoreState, SelectedItem, StoreFilter } from "../internal/store/types.js";
import { readStoreFile } from "./durable-fs.js";
import { decodeSnapshot, replayJournal } from "./records.js";

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

/** A snapshot (sequence in group 1) or journal (group 2) file of a store. */
export const STORE_FILE = /^(?:snapshot-(\d+)\.json|journal-(\d+)\.log)$/;
export const snapshotName = (n: number) => `snapshot-${n}.json`;
export const journalName = (n: number) => `journal-${n}.log`;
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

/**
 * A store directory as on disk, loaded alike by the reader and the writer: the newest snapshot
 * (`snapshot` is -1 when there is none), then its journal's valid prefix (`scan` is undefined
 * when that journal does not exist).
 */
export async function loadStore(root: string) {
  const names = await readdir(root);
  // A loop, not Math.max(...names): a directory of 200,000 other files would overflow the stack.
  let snapshot = -1;
  for (const name of names) snapshot = Math.max(snapshot, Number(STORE_FILE.exec(name)?.[1] ?? -1));
  let data = new MirrorData();
  if (snapshot >= 0) {
    const json = decodeSnapshot(
      (await readStoreFile(join(root, snapshotName(snapshot)))).toString("utf8"),
    );
    // Snapshot files appear only by an atomic rename of a complete, fsync'ed file, so a bad
    // one means the disk itself lost data: refuse rather than silently start over.
    if (json === undefined)
      throw new Error(
        `mirror store ${root}: ${snapshotName(snapshot)} is damaged; delete the directory to re-snapshot`,
      );
    data = MirrorData.fromJSON(json);
  }
  const journal = join(root, journalName(Math.max(snapshot, 0)));
  const scan = await replayJournal(journal, (record) => data.apply(record)).catch(
    (error: { code?: string }) => (error.code === "ENOENT" ? undefined : Promise.reject(error)),
  );
  return { data, snapshot, names, journal, scan };
}

async function readOnce(root: string): Promise<FileStoreView> {
  const { data, snapshot, scan } = await loadStore(root);
  if (snapshot < 0 && scan === undefined)
    throw Object.assign(new Error(`${root} holds no mirror store (no snapshot, no journal)`), {
      code: "ENOSTORE",
    });
  // A torn last line (a writer mid-append) is not there yet; damage was refused by the replay.
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
