import { open, rename, rm } from "node:fs/promises";

/**
 * Flushes a directory's entries (new, renamed, removed files) to disk. Needed on Linux for a
 * rename or a new file to survive a power cut; some platforms cannot open directories, where
 * the rename is already durable or nothing better is possible, so those errors are ignored.
 */
export async function fsyncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, "r");
    await handle.sync();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "EISDIR" && code !== "EPERM" && code !== "EINVAL" && code !== "EACCES" && code !== "EBADF") throw error;
  } finally {
    await handle?.close();
  }
}

/**
 * Replaces `path` atomically: writes a temp file, fsyncs it, renames it over `path`, then
 * fsyncs the directory. A crash leaves either the old file or the new one, never a mix.
 */
export async function writeFileAtomic(dir: string, path: string, content: string, fsync: boolean): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  const handle = await open(temp, "w");
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
