// Tarballs, exactly as `pnpm publish` would upload them (pnpm pack rewrites workspace:
// ranges to versions), and tarballs of their third-party dependencies repacked from the
// workspace's install, for the offline local registry.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { publishablePackages, root } from "../lib/packages.mjs";
import { dependencyClosure } from "./dependency-closure.mjs";

/**
 * Packs every publishable package (or `only` those named) into `dest` with one `pnpm pack`.
 * @param {string} dest
 * @param {string[]} [only]  package names; default: every publishable package
 * @returns {{ name: string, version: string, file: string }[]}
 */
export function packPublishable(dest, only = undefined) {
  const filters = publishablePackages()
    .filter((pkg) => only === undefined || only.includes(pkg.name))
    .flatMap((pkg) => ["--filter", pkg.name]);
  const stdout = execFileSync(
    "pnpm",
    ["-r", ...filters, "pack", "--pack-destination", dest, "--json"],
    {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const packed = JSON.parse(stdout);
  return (Array.isArray(packed) ? packed : [packed]).map((p) => ({
    name: p.name,
    version: p.version,
    file: p.filename,
  }));
}

/**
 * Packs the run-time dependency closure of the publishable packages (or of `only` of them),
 * plus `extraNames` resolved from the repository root (e.g. @types/node for a consumer), into `dest`.
 * Each installed folder is already a published package's contents, so it is archived as it is
 * (one `tar` each: `npm pack` of the 130 folders spent about 11 s of CPU walking them), with the
 * `package/` prefix npm expects. Hard links are stored as files (pnpm's store hardlinks identical
 * files, and npm install drops link entries); pnpm's own node_modules inside a folder (links to
 * the package's bins) is left out unless the package bundles dependencies.
 * @param {string} dest
 * @param {string[]} [extraNames]
 * @param {string[]} [only]  package names; default: every publishable package
 * @returns {string[]} tarball paths
 */
export function packDependencies(dest, extraNames = [], only = undefined) {
  const packages = publishablePackages();
  const folders = dependencyClosure(
    packages.filter((pkg) => only === undefined || only.includes(pkg.name)).map((pkg) => pkg.dir),
    new Set(packages.map((pkg) => pkg.name)),
    { dir: root, names: extraNames },
  );
  return [...folders].map(([key, folder]) => {
    const file = join(dest, `${key.replace(/\//g, "+")}.tgz`);
    const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
    const bundles = manifest.bundleDependencies ?? manifest.bundledDependencies;
    execFileSync(
      "tar",
      [
        "-czf",
        file,
        "--hard-dereference",
        "--owner=0",
        "--group=0",
        "--numeric-owner",
        ...(bundles ? [] : ["--exclude=./node_modules"]),
        "--transform=s,^\\.,package,",
        "-C",
        folder,
        ".",
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    return file;
  });
}
