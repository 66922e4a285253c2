import { type FileHandle, mkdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { DataBackedStore } from "../internal/store/base.js";
import type { MirrorData, MirrorRecord } from "../internal/store/state.js";
import type { MirrorStore } from "../internal/store/types.js";
import { fsyncDirectory, openStoreFileForAppend, writeFileAtomic } from "./durable-fs.js";
import { lockDirectory } from "./lock.js";
import { journalName, loadStore, STORE_FILE, snapshotName } from "./read-store.js";
import { encodeRecord, encodeSnapshot, MAX_RECORD_BYTES } from "./records.js";

/** Options of `openFileStore`. Every one has a default. */
export interface FileStoreOptions {
  /**
   * Journal size after which the state is compacted into a new snapshot file and the journal
   * starts afresh. Default: 8 MiB (replaying that on open takes well under a second).
   */
  compactAfterBytes?: number;
  /**
   * fsync every journal line before a write resolves, and every snapshot file and directory
   * change. Turning it off keeps crash safety against a killed process (the OS still holds the
   * data) but not against a power cut. Default: true.
   */
  fsync?: boolean;
  /** Take the directory's `LOCK` file, so two processes never write one store. Default: true. */
  lock?: boolean;
}

/** What opening found, for logs and tests. */
export interface FileStoreRecovery {
  /** Sequence number of the snapshot/journal pair in use. */
  sequence: number;
  /** Journal records replayed on open. */
  replayed: number;
  /** Bytes of a torn or damaged journal tail that were discarded. */
  discardedBytes: number;
}

/** The store `openFileStore` returns: a mirror store kept in one directory (a snapshot file and a journal), holding its lock until `close()`. */
export interface FileMirrorStore extends MirrorStore {
  /** The directory the store lives in. */
  readonly dir: string;
  /** What `openFileStore` found and repaired. */
  readonly recovery: FileStoreRecovery;
  /** Writes the whole state to a new snapshot file now and starts a new journal. */
  compact(): Promise<void>;
}

/**
 * Opens (or creates) the embedded on-disk mirror store in `dir`: pure JavaScript, no native
 * addon, no `node:sqlite`. Layout: `snapshot-N.json` (the compacted state, replaced atomically)
 * plus `journal-N.log` (one checksummed line per write, fsync'ed before the write resolves).
 * Survives `kill -9` at any moment: on open, the newest complete snapshot is loaded, the
 * journal's valid prefix is replayed and a torn last line is cut off, so the store holds
 * exactly the writes that had resolved (plus, at most, the one in flight).
 * The whole set is also kept in memory, which suits sets of up to a few hundred thousand items.
 */
export async function openFileStore(
  dir: string,
  options: FileStoreOptions = {},
): Promise<FileMirrorStore> {
  const root = resolve(dir);
  await mkdir(root, { recursive: true });
  const release = options.lock === false ? async () => {} : await lockDirectory(root);
  try {
    return await FileStore.open(root, {
      compactAfterBytes: Math.max(1, options.compactAfterBytes ?? 8 * 1024 * 1024),
      fsync: options.fsync ?? true,
      release,
    });
  } catch (error) {
    await release();
    throw error;
  }
}

type Settings = { compactAfterBytes: number; fsync: boolean; release: () => Promise<void> };

class FileStore extends DataBackedStore implements FileMirrorStore {
  private sequence: number;
  private compactAt: number;
  /** Set when the files can no longer be trusted to match memory; every later write fails. */
  private broken: unknown;

  private constructor(
    readonly dir: string,
    private readonly settings: Settings,
    data: MirrorData,
    private journal: FileHandle,
    private journalBytes: number,
    readonly recovery: FileStoreRecovery,
  ) {
    super(data);
    this.sequence = recovery.sequence;
    this.compactAt = settings.compactAfterBytes;
  }

  static async open(dir: string, settings: Settings): Promise<FileStore> {
    const { data, snapshot, names, journal: path, scan: found } = await loadStore(dir);
    const sequence = Math.max(snapshot, 0);
    const scan = found ?? { replayed: 0, validBytes: 0, fileBytes: 0 };
    const journal = await openStoreFileForAppend(path);
    try {
      // A crash mid-append tears only the last line: cut it off.
      if (scan.validBytes < scan.fileBytes) {
        await journal.truncate(scan.validBytes);
        if (settings.fsync) await journal.sync();
      }
      // Leftovers of an interrupted compaction or of older generations.
      for (const name of names) {
        const s = (STORE_FILE.exec(name) ?? []).slice(1).find(Boolean);
        if ((s !== undefined && Number(s) !== sequence) || name.endsWith(".tmp"))
          await rm(join(dir, name), { force: true });
      }
      if (settings.fsync) await fsyncDirectory(dir);
    } catch (error) {
      await journal.close();
      throw error;
    }
    return new FileStore(dir, settings, data, journal, scan.validBytes, {
      sequence,
      replayed: scan.replayed,
      discardedBytes: scan.fileBytes - scan.validBytes,
    });
  }

  protected override async persist(record: MirrorRecord): Promise<void> {
    if (this.broken !== undefined) throw this.broken;
    const line = Buffer.from(encodeRecord(record), "utf8");
    // The reader holds no longer line (memory stays bounded whatever a journal holds).
    if (line.length > MAX_RECORD_BYTES)
      throw new Error(
        `a mirror record of ${line.length} bytes is over the ${MAX_RECORD_BYTES} bytes a store writes`,
      );
    try {
      await this.journal.write(line, 0, line.length, null);
      if (this.settings.fsync) await this.journal.datasync();
    } catch (error) {
      // A half-written line must not stay in front of later ones: cut it off again.
      try {
        await this.journal.truncate(this.journalBytes);
      } catch {
        this.broken = error;
      }
      throw error;
    }
    this.journalBytes += line.length;
  }

  protected override async afterWrite(): Promise<void> {
    if (this.journalBytes < this.compactAt) return;
    try {
      await this.compactNow();
    } catch (error) {
      // The write itself is durable; a failed compaction before its rename changes nothing, so
      // it is tried again after another threshold's worth of journal. After the rename it is fatal.
      if (this.broken !== undefined) throw error;
      this.compactAt = this.journalBytes + this.settings.compactAfterBytes;
    }
  }

  compact(): Promise<void> {
    // Through the write queue, so no write lands between capture and switch.
    return this.queueTask(() => this.compactNow());
  }

  private async compactNow(): Promise<void> {
    if (this.broken !== undefined) throw this.broken;
    const next = this.sequence + 1;
    // 1. The new snapshot: temp file, fsync, rename, fsync the directory. Until the rename the
    //    old snapshot + journal stay the truth; a failure here leaves them in use.
    await writeFileAtomic(
      this.dir,
      join(this.dir, snapshotName(next)),
      encodeSnapshot(this.data.toJSON()),
      this.settings.fsync,
    );
    // 2. From here on snapshot N+1 is the truth: appending to the old journal would be lost.
    try {
      const journal = await openStoreFileForAppend(join(this.dir, journalName(next)));
      if (this.settings.fsync) await fsyncDirectory(this.dir);
      const old = this.journal;
      this.journal = journal;
      this.journalBytes = 0;
      this.compactAt = this.settings.compactAfterBytes;
      this.sequence = next;
      await old.close().catch(() => undefined);
    } catch (error) {
      this.broken = error;
      throw error;
    }
    // 3. The superseded pair; a crash before this is cleaned up on the next open.
    await rm(join(this.dir, journalName(next - 1)), { force: true });
    await rm(join(this.dir, snapshotName(next - 1)), { force: true });
  }

  protected override async release(): Promise<void> {
    await this.journal.close().catch(() => undefined);
    await this.settings.release();
  }
}
