// The third-party packages that the publishable packages need at run time, found in the
// workspace's own install (pnpm's node_modules/.pnpm), so a scratch consumer can install
// them without the registry: every runtime dependency, transitively, as an installed folder.
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";

/** The folder `name` resolves to from a package folder, as Node's lookup would find it. */
function resolveFolder(fromDir, name) {
  for (let dir = fromDir; ; dir = join(dir, "..")) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return realpathSync(candidate);
    if (dir === "/") return undefined;
  }
}

/**
 * @param {string[]} packageDirs  folders of the publishable packages
 * @param {Set<string>} workspaceNames  their names: installed from their tarballs instead
 * @param {{ dir: string, names: string[] }} [extra]  more packages a consumer installs
 *   (e.g. @types/node), resolved from `dir`
 * @returns {Map<string, string>} "name@version" -> installed folder
 */
export function dependencyClosure(packageDirs, workspaceNames, extra = { dir: "/", names: [] }) {
  const found = new Map();
  const queue = [...packageDirs, extra];
  for (let i = 0; i < queue.length && i < 10_000; i += 1) {
    const entry = queue[i];
    const dir = typeof entry === "string" ? entry : entry.dir;
    const manifest =
      typeof entry === "string"
        ? JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))
        : {
            name: "(consumer)",
            dependencies: Object.fromEntries(entry.names.map((n) => [n, "*"])),
          };
    const deps = { ...manifest.optionalDependencies, ...manifest.dependencies };
    for (const name of Object.keys(deps)) {
      if (workspaceNames.has(name)) continue;
      const folder = resolveFolder(dir, name);
      if (folder === undefined) {
        if (name in (manifest.optionalDependencies ?? {})) continue; // another platform's build
        throw new Error(`${manifest.name} depends on ${name}, which the workspace did not install`);
      }
      const { version } = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
      const key = `${name}@${version}`;
      if (!found.has(key)) {
        found.set(key, folder);
        queue.push(folder);
      }
    }
  }
  return found;
}
