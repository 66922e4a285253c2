// Tarballs, exactly as `pnpm publish` would upload them (pnpm pack rewrites workspace:
// ranges to versions), and tarballs of their third-party dependencies repacked from the
// workspace's install, for the offline local registry.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { publishablePackages, root } from "../lib/packages.mjs";
import { dependencyClosure } from "./dependency-closure.mjs";

/**
 * Packs every publishable package into `dest` with one `pnpm pack`.
 * @returns {{ name: string, version: string, file: string }[]}
 */
export function packPublishable(dest) {
  const filters = publishablePackages().flatMap((pkg) => ["--filter", pkg.name]);
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
  // Packed from fresh copies: pnpm's store hardlinks identical files (index.d.ts and
  // index.d.cts, say), npm pack turns those into tar link entries, and npm install drops them.
  const staging = mkdtempSync(join(tmpdir(), "feedgate-staging-"));
  const copies = [...folders].map(([key, folder]) => {
    const copy = join(staging, key.replace(/\//g, "+"));
    cpSync(folder, copy, { recursive: true });
    return copy;
  });
  const stdout = execFileSync(
    "npm",
    ["pack", "--ignore-scripts", "--json", "--pack-destination", dest, ...copies],
    {
      cwd: dest,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  rmSync(staging, { recursive: true, force: true });
  return JSON.parse(stdout).map((p) => join(dest, p.filename));
}
