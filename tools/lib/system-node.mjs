// The machine's own Node (20 here). Inside `pnpm run`/`pnpm exec`, PATH starts with the
// workspace's Node 24 from node_modules, so `node` alone would not find it.
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";

/** The first `node` on PATH outside any node_modules folder, or undefined. */
export function systemNodePath() {
  return (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => dir && !dir.includes("node_modules"))
    .map((dir) => join(dir, "node"))
    .find((file) => existsSync(file));
}
