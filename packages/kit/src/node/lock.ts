import { readFile, rm, writeFile, rename } from "node:fs/promises";
import { join } from "node:path";

/** Thrown when another live process holds the store's directory. */
export class StoreLockedError extends Error {
  override readonly name = "StoreLockedError";
  readonly code = "ELOCKED";
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`mirror store ${dir} is in use by process ${pid}`);
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

/**
 * Takes the directory's lock file (`LOCK`, holding the owner's pid). A lock left by a process
 * that no longer exists (killed with SIGKILL) is taken over, so a restart after a crash works.
 * Returns the release function.
 */
export async function lockDirectory(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, "LOCK");
  const mine = String(process.pid);
  try {
    await writeFile(path, mine, { flag: "wx" });
  } catch (error) {
    if ((error as { code?: string }).code !== "EEXIST") throw error;
    const owner = Number.parseInt(await readFile(path, "utf8").catch(() => ""), 10);
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) throw new StoreLockedError(dir, owner);
    // Stale: replace it atomically, then check nobody else replaced it at the same moment.
    const temp = `${path}.${mine}.tmp`;
    await writeFile(temp, mine);
    await rename(temp, path);
    if ((await readFile(path, "utf8")) !== mine) throw new StoreLockedError(dir, Number.parseInt(await readFile(path, "utf8"), 10));
  }
  return async () => {
    if ((await readFile(path, "utf8").catch(() => "")) === mine) await rm(path, { force: true });
  };
}
