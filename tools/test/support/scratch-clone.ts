// A scratch clone of this repository's committed HEAD under the OS temp dir, sharing this
// checkout's installed dependencies (node_modules symlinks), for tests that run the repository's
// own commands on a tree they may change and commit to.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../..", import.meta.url)).replace(/\/$/, "");

export interface ScratchClone {
  dir: string;
  /** git in the clone, as a throwaway identity; returns stdout. */
  git: (...args: string[]) => string;
  remove: () => void;
}

/** `linkDependencies: false` leaves the clone without node_modules (for its own install). */
export function scratchClone(prefix: string, { linkDependencies = true } = {}): ScratchClone {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  execFileSync("git", ["clone", "-q", ROOT, dir]);
  for (const sub of linkDependencies
    ? ["", "tools", ...readdirSync(join(ROOT, "packages")).map((p) => `packages/${p}`)]
    : []) {
    if (existsSync(join(ROOT, sub, "node_modules")) && !existsSync(join(dir, sub, "node_modules")))
      symlinkSync(join(ROOT, sub, "node_modules"), join(dir, sub, "node_modules"));
  }
  return {
    dir,
    git: (...args) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], {
        cwd: dir,
        encoding: "utf8",
      }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
