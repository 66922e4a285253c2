import { existsSync } from "node:fs";

/**
 * A file of this package (its package.json, its assets), found from the module that asks: the
 * nearest folder up with a package.json. A fixed `../../` would break when the build bundles the
 * module into a chunk at another depth.
 */
export function packageFile(path: string): URL {
  for (let dir = new URL(".", import.meta.url); ; dir = new URL("..", dir)) {
    if (existsSync(new URL("package.json", dir))) return new URL(path, dir);
    if (dir.pathname === "/") throw new Error(`feedgate: no package.json above ${import.meta.url}`);
  }
}
