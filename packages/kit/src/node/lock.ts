import { link, readdir, readFile, rm, stat, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { readStoreFile } from "./durable-fs.js";

/** Thrown when another live process holds the store's directory. */
export class StoreLockedError extends Error {
  /** Always `"StoreLockedError"`. */
  override readonly name = "StoreLockedError";
  /** Always `"ELOCKED"`, for `error.code` checks. */
  readonly code = "ELOCKED";
  /** The store directory that is locked. */
  readonly dir: string;
  /** The process id holding the lock. */
  readonly pid: number;
  constructor(dir: string, pid: number) {
    super(`mirror store ${dir} is in use by process ${pid}`);
    this.dir = dir;
    this.pid = pid;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else — still alive.
    return (error as { code?: string }).code === "EPERM";
  }
}

const code = (error: unknown) => (error as { code?: string }).code;

/** The pid in the lock file, or undefined when there is no lock file. */
async function ownerOf(path: string): Promise<number | undefined> {
  try {
    // Never through a planted symlink or FIFO: a lock that is not a regular file is nobody's.
    const owner = Number.parseInt((await readStoreFile(path)).toString("utf8"), 10);
    // Never empty or partial: the file appears whole, by link(). Unreadable content is nobody's.
    return Number.isInteger(owner) && owner > 0 ? owner : 0;
  } catch (error) {
    if (code(error) === "ENOENT") return undefined;
    if (code(error) === "ENOTREG") return 0;
    throw error;
  }
}

/** Attempts at taking the lock before giving up (each after a short wait when another process is reaping). */
const ATTEMPTS = 50;
/** A reap file older than this was left by a reaper that died mid-reap (a reap takes microseconds). */
const ORPHAN_REAP_MS = 10_000;

/**
 * Takes the directory's lock file (`LOCK`, holding the owner's pid) and returns its release.
 *
 * Hand-written rather than proper-lockfile: that library is unmaintained since 2021, and its
 * staleness is a modification time, so every restart after a crash would wait out the stale
 * period; here a lock whose owner process is gone is taken over at once. The store is on local
 * disk by design, where a pid answers that exactly (not for network file systems).
 *
 * - The lock appears whole: its content is written to a private file first, then `link()`ed
 *   to `LOCK`, which fails if `LOCK` exists — no other process can see it empty.
 * - Taking over from a dead owner P needs `LOCK.reap-P`, created exclusively: only its holder
 *   may delete a `LOCK` that still names P, so two processes that both found P dead can never
 *   both remove a lock, and a lock created after P's removal is never touched.
 */
export async function lockDirectory(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, "LOCK");
  const mine = String(process.pid);
  // Not `.tmp`: the store's own start-up removes those, and another opener would take this one.
  const draft = join(dir, `LOCK.${mine}.${Math.random().toString(36).slice(2)}.draft`);
  await writeFile(draft, mine);
  let owner: number | undefined;
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        await link(draft, path);
        await removeDeadDrafts(dir);
        return release;
      } catch (error) {
        if (code(error) !== "EEXIST") throw error;
      }
      owner = await ownerOf(path);
      if (owner === undefined) continue;
      if (owner !== process.pid && owner !== 0 && isAlive(owner))
        throw new StoreLockedError(dir, owner);
      await reap(dir, path, owner, mine);
    }
    throw new StoreLockedError(dir, owner ?? 0);
  } finally {
    await rm(draft, { force: true });
  }

  async function release(): Promise<void> {
    if ((await readFile(path, "utf8").catch(() => "")) === mine) await rm(path, { force: true });
  }
}

/** Removes `LOCK` if it still names the dead `owner`, holding `LOCK.reap-<owner>` while doing so. */
async function reap(dir: string, path: string, owner: number, mine: string): Promise<void> {
  const reaper = join(dir, `LOCK.reap-${owner}`);
  try {
    await writeFile(reaper, mine, { flag: "wx" });
  } catch (error) {
    if (code(error) !== "EEXIST") throw error;
    // Someone else is reaping: give them a moment. A reap file that outlived any reap is an orphan.
    const age = await stat(reaper).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (age > ORPHAN_REAP_MS) await rm(reaper, { force: true });
    await delay(5 + Math.random() * 20);
    return;
  }
  try {
    if ((await ownerOf(path)) === owner) {
      await unlink(path).catch((error: unknown) => {
        if (code(error) !== "ENOENT") throw error;
      });
    }
  } finally {
    await rm(reaper, { force: true });
  }
}

/** Drafts of processes that died between writing one and removing it (the holder tidies them). */
async function removeDeadDrafts(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    const pid = /^LOCK\.(\d+)\.[a-z0-9]+\.draft$/.exec(name)?.[1];
    if (pid !== undefined && Number(pid) !== process.pid && !isAlive(Number(pid)))
      await rm(join(dir, name), { force: true });
  }
}
