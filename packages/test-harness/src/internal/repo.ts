import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root: the nearest folder above this package holding pnpm-workspace.yaml. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "pnpm-workspace.yaml"))) {
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error("feedgate: cannot find the repository root (pnpm-workspace.yaml)");
    dir = parent;
  }
  return dir;
}

/** Absolute path of a file in the repository, from a root-relative path. */
export function fromRoot(...segments: string[]): string {
  return resolve(repoRoot(), ...segments);
}
