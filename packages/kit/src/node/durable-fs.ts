import { constants } from "node:fs";
import { type FileHandle, lstat, open, rename, rm } from "node:fs/promises";

/**
 * A store directory is read as untrusted input: another local user (or a tampered backup) may
 * have planted a symlink to a file of ours, a FIFO that blocks forever, or a device that never
 * ends. Every store file is therefore opened without following a symlink (`O_NOFOLLOW`; an
 * `lstat` check where the platform lacks it), without blocking on a FIFO (`O_NONBLOCK`), and
 * used only when it is a regular file.
 */
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/** A store file that is not a regular file (a symlink, FIFO, device or directory): refused. */
export class UnsafeStoreFileError extends Error {
  /** `ENOTREG`, for callers that branch on codes as they do on `ENOENT`. */
  readonly code = "ENOTREG";
  constructor(
    /** The refused file. */
    readonly path: string,
    what: string,
  ) {
    super(
      `mirror store file ${path} is ${what}, not a regular file: refused (a store directory is read as untrusted input)`,
    );
    this.name = "UnsafeStoreFileError";
  }
}

async function openRegular(path: string, flags: number, mode?: number): Promise<FileHandle> {
  if (NOFOLLOW === 0) {
    const link = await lstat(path).catch((error: { code?: string }) =>
      error.code === "ENOENT" ? undefined : Promise.reject(error),
    );
    if (link?.isSymbolicLink()) throw new UnsafeStoreFileError(path, "a symbolic link");
  }
  let handle: FileHandle;
  try {
    handle = await open(path, flags | NOFOLLOW | NONBLOCK, mode);
  } catch (error) {
    // O_NOFOLLOW on a symlink fails with ELOOP (EMLINK on some BSDs).
    const code = (error as { code?: string }).code;
    if (code === "ELOOP" || code === "EMLINK")
      throw new UnsafeStoreFileError(path, "a symbolic link");
    throw error;
  }
  const stats = await handle.stat().catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  if (!stats.isFile()) {
    await handle.close();
    const other = stats.isFIFO() ? "a FIFO" : "a device or socket";
    throw new UnsafeStoreFileError(path, stats.isDirectory() ? "a directory" : other);
  }
  return handle;
}

/**
 * A store file opened for reading, refused unless it is a regular file of at most 1 GiB: a
 * sanity check before reading (a store compacts its journal at 8 MiB by default). Rejects with
 * `ENOENT` when absent.
 */
export async function openStoreFile(path: string): Promise<FileHandle> {
  const handle = await openRegular(path, constants.O_RDONLY);
  if ((await handle.stat()).size <= 2 ** 30) return handle;
  await handle.close();
  throw new Error(`${path} is over the 1073741824 bytes a mirror store writes: not read`);
}

/** The whole of a store file, as {@link openStoreFile} allows it. */
export async function readStoreFile(path: string): Promise<Buffer> {
  const handle = await openStoreFile(path);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** A store file opened for appending (created when absent), refused unless it is a regular file. */
export function openStoreFileForAppend(path: string): Promise<FileHandle> {
  return openRegular(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 0o666);
}

/**
 * Flushes a directory's entries (new, renamed, removed files) to disk. Needed on Linux for a
 * rename or a new file to survive a power cut; some platforms cannot open directories, where
 * the rename is already durable or nothing better is possible, so those errors are ignored.
 */
export async function fsyncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, "r");
    await handle.sync();
  } catch (error) {
    const { code } = error as { code?: string };
    if (!["EISDIR", "EPERM", "EINVAL", "EACCES", "EBADF"].includes(code!)) throw error;
  } finally {
    await handle?.close();
  }
}

/**
 * Replaces `path` atomically: writes a temp file, fsyncs it, renames it over `path`, then
 * fsyncs the directory. A crash leaves either the old file or the new one, never a mix.
 */
export async function writeFileAtomic(
  dir: string,
  path: string,
  content: string,
  fsync: boolean,
): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  // A planted file or symlink at the temp name is removed (never followed), then the temp file
  // is created exclusively.
  await rm(temp, { force: true });
  const handle = await open(
    temp,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW,
    0o666,
  );
  try {
    await handle.writeFile(content, "utf8");
    if (fsync) await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temp, path);
  if (fsync) await fsyncDirectory(dir);
}
