// The publishable packages of the workspace: every packages/*/package.json that is not
// private. Every release gate (size, pack-and-install, docs, metadata, changesets) starts
// from this list, so a new package is covered the moment it lands.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * @typedef {object} PublishablePackage
 * @property {string} name     package name, e.g. "@feedgate/feed-client"
 * @property {string} version
 * @property {string} dir      absolute path of the package folder
 * @property {string} relDir   path relative to the repository root, e.g. "packages/feed-client"
 * @property {Record<string, any>} manifest  the parsed package.json
 */

/**
 * @param {string} [repoRoot]  the repository to look in (default: this one)
 * @returns {PublishablePackage[]} sorted by name
 */
export function publishablePackages(repoRoot = root) {
  const packagesDir = join(repoRoot, "packages");
  return readdirSync(packagesDir)
    .map((entry) => join(packagesDir, entry, "package.json"))
    .filter((file) => existsSync(file))
    .map((file) => ({ file, manifest: JSON.parse(readFileSync(file, "utf8")) }))
    .filter(({ manifest }) => manifest.private !== true)
    .map(({ file, manifest }) => ({
      name: manifest.name,
      version: manifest.version,
      dir: dirname(file),
      relDir: dirname(file).slice(repoRoot.length + 1),
      manifest,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The JavaScript entry points a package publishes, from its `exports` map (the
 * "./package.json" export excluded): [{ specifier: "@feedgate/kit/node", file: "<abs>/dist/node/index.js" }].
 * @param {PublishablePackage} pkg
 */
export function entryPoints(pkg) {
  const exports = pkg.manifest.exports ?? {};
  return (
    Object.entries(exports)
      // Data files (the client packages' `openapi.json`) are published too, but are not modules.
      .filter(([subpath]) => subpath !== "./package.json" && !subpath.endsWith(".json"))
      .map(([subpath, target]) => {
        const file = typeof target === "string" ? target : (target.import ?? target.default);
        return {
          specifier: subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`,
          file: join(pkg.dir, file),
        };
      })
  );
}

/**
 * A package's user docs: its README, then its guides (docs/*.md, by name). Long reference
 * detail lives in the guides so each README stays short; the doc tests read both.
 * @param {string} dir the package's folder
 * @returns {Array<{ file: string, text: string }>}
 */
export function packageDocs(dir) {
  const guides = join(dir, "docs");
  const files = [
    join(dir, "README.md"),
    ...(existsSync(guides)
      ? readdirSync(guides)
          .filter((f) => f.endsWith(".md"))
          .sort()
          .map((f) => join(guides, f))
      : []),
  ];
  return files
    .filter((f) => existsSync(f))
    .map((file) => ({ file, text: readFileSync(file, "utf8") }));
}
