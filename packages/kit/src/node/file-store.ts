import { type FileHandle, mkdir, readdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { DataBackedStore } from "../store/base.js";
import { MirrorData, type MirrorRecord } from "../store/state.js";
import type { MirrorStore } from "../store/types.js";
import {
  fsyncDirectory,
  openStoreFileForAppend,
  readStoreFile,
  writeFileAtomic,
} from "./durable-fs.js";
import { lockDirectory } from "./lock.js";

/**
 * Thrown by `openFileStore` when the journal is damaged in the middle (valid records follow a
 * bad one). Nothing is changed on disk: move the file aside to keep it, or delete the
 * directory to re-snapshot.
 */
export class StoreCorruptError extends Error {
  /** Always `"StoreCorruptError"`. */
  override readonly name = "StoreCorruptError";
  /** Always `"ECORRUPT"`, for `error.code` checks. */
  readonly code = "ECORRUPT";
  constructor(
    /** The damaged journal file. */
    readonly file: string,
    /** The byte offset where the damage starts. */
    readonly offset: number,
  ) {
    super(
      `mirror store journal ${file} is damaged at byte ${offset}, and valid records follow; nothing was changed: delete the directory to re-snapshot`,
    );
  }
}

import { decodeSnapshot, encodeRecord, encodeSnapshot, scanJournal } from "./records.js";

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

const SNAPSHOT = /^snapshot-(\d+)\.json$/;
const JOURNAL = /^journal-(\d+)\.log$/;
const snapshotName = (n: number) => `snapshot-${n}.json`;
const journalName = (n: number) => `journal-${n}.log`;

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

interface Settings {
  compactAfterBytes: number;
  fsync: boolean;
  release: () => Promise<void>;
}

class FileStore extends DataBackedStore implements FileMirrorStore {
  private journal: FileHandle;
  private journalBytes: number;
  private sequence: number;
  private compactAt: number;
  /** Set when the files can no longer be trusted to match memory; every later write fails. */
  private broken: unknown;

  private constructor(
    readonly dir: string,
    private readonly settings: Settings,
    data: MirrorData,
    journal: FileHandle,
    journalBytes: number,
    readonly recovery: FileStoreRecovery,
  ) {
    super(data);
    this.journal = journal;
    this.journalBytes = journalBytes;
    this.sequence = recovery.sequence;
    this.compactAt = settings.compactAfterBytes;
  }

  static async open(dir: string, settings: Settings): Promise<FileStore> {
    const names = await readdir(dir);
    const sequences = names
      .map((name) => SNAPSHOT.exec(name)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
      .sort((a, b) => b - a);
    let data = new MirrorData();
    let sequence = 0;
    const newest = sequences[0];
    if (newest !== undefined) {
      const json = decodeSnapshot(
        (await readStoreFile(join(dir, snapshotName(newest)))).toString("utf8"),
      );
      // Snapshot files appear only by an atomic rename of a complete, fsync'ed file, so a bad
      // one means the disk itself lost data: refuse rather than silently start over.
      if (json === undefined)
        throw new Error(
          `mirror store ${dir}: ${snapshotName(newest)} is damaged; delete the directory to re-snapshot`,
        );
      data = MirrorData.fromJSON(json);
      sequence = newest;
    }
    const journalPath = join(dir, journalName(sequence));
    const buffer = await readStoreFile(journalPath).catch((error: { code?: string }) => {
      if (error.code === "ENOENT") return Buffer.alloc(0);
      throw error;
    });
    const scan = scanJournal(buffer);
    // A crash mid-append tears only the last line; a bad line with valid records after it is
    // damage, and cutting there would silently drop those records: refuse instead.
    if (scan.damagedAt !== undefined) throw new StoreCorruptError(journalPath, scan.damagedAt);
    for (const record of scan.records) data.apply(record);
    const journal = await openStoreFileForAppend(journalPath);
    try {
      if (scan.truncated) {
        await journal.truncate(scan.validBytes);
        if (settings.fsync) await journal.sync();
      }
      // Leftovers of an interrupted compaction or of older generations.
      for (const name of names) {
        const s = SNAPSHOT.exec(name)?.[1] ?? JOURNAL.exec(name)?.[1];
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
      replayed: scan.records.length,
      discardedBytes: buffer.length - scan.validBytes,
    });
  }

  protected override async persist(record: MirrorRecord): Promise<void> {
    if (this.broken !== undefined) throw this.broken;
    const line = Buffer.from(encodeRecord(record), "utf8");
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
