#!/usr/bin/env node
// `pnpm check:changesets`: every publishable package whose published files changed since its
// last release tag ("<name>@<version>", as `changeset publish` tags; before any release: the
// commit that introduced the package) must be named by a pending changeset, or already carry a bumped
// version awaiting `changeset publish`. Unlike `changeset status --since=main`, this does not
// pass vacuously on main.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { readChangesets } from "@changesets/read";
import { publishablePackages, root } from "../lib/packages.mjs";

/** Paths inside a package that are never published, so changing them needs no release. */
const UNPUBLISHED = [/^test\//, /^vitest\.config\.[cm]?[jt]s$/, /^CHANGELOG\.md$/, /(^|\/)[^/]+\.test(-d)?\.ts$/];

function git(cwd, args) {
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

function gitOrUndefined(cwd, args) {
  try {
    return git(cwd, args);
  } catch {
    return undefined;
  }
}

/**
 * The newest release tag of the package reachable from HEAD; before any release, the commit that
 * introduced the package (so a package born after the first commit has a version to compare
 * with once `changeset version` has consumed its changesets); else the first commit.
 */
function baselineOf(repo, name, relDir) {
  const tags = git(repo, ["tag", "--merged", "HEAD", "--list", `${name}@*`, "--sort=-v:refname"]);
  if (tags.split("\n")[0]) return tags.split("\n")[0];
  const introduced = git(repo, ["log", "--diff-filter=A", "--format=%H", "--", `${relDir}/package.json`]).split("\n").filter(Boolean).at(-1);
  return introduced || git(repo, ["rev-list", "--max-parents=0", "HEAD"]).split("\n").at(-1);
}

/** Published files of the package that differ from the baseline, uncommitted and new files included. */
function changedFiles(repo, baseline, relDir) {
  const tracked = git(repo, ["diff", "--name-only", baseline, "--", relDir]);
  const untracked = git(repo, ["ls-files", "--others", "--exclude-standard", "--", relDir]);
  return [...tracked.split("\n"), ...untracked.split("\n")]
    .filter(Boolean)
    .map((file) => file.slice(relDir.length + 1))
    .filter((file) => !UNPUBLISHED.some((pattern) => pattern.test(file)));
}

/**
 * @param {string} repo  repository root
 * @returns {Promise<{ name: string, baseline: string, changed: string[], verdict: string, ok: boolean }[]>}
 */
export async function checkChangesets(repo) {
  const mentioned = new Set((await readChangesets(repo)).flatMap((changeset) => changeset.releases.map((r) => r.name)));
  return publishablePackages(repo).map((pkg) => {
    const baseline = baselineOf(repo, pkg.name, pkg.relDir);
    const changed = changedFiles(repo, baseline, pkg.relDir);
    const manifestThen = gitOrUndefined(repo, ["show", `${baseline}:${pkg.relDir}/package.json`]);
    const versionThen = manifestThen === undefined ? undefined : JSON.parse(manifestThen).version;
    const result = { name: pkg.name, baseline, changed };
    if (changed.length === 0) return { ...result, ok: true, verdict: "unchanged" };
    if (mentioned.has(pkg.name)) return { ...result, ok: true, verdict: "has a changeset" };
    if (versionThen !== undefined && versionThen !== pkg.version) {
      return { ...result, ok: true, verdict: `version bumped ${versionThen} -> ${pkg.version}, awaiting publish` };
    }
    return { ...result, ok: false, verdict: `changed without a changeset (${changed.length} files, e.g. ${changed.slice(0, 3).join(", ")})` };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await checkChangesets(root);
  for (const r of results) console.log(`${r.ok ? "ok" : "MISSING"}  ${r.name}: ${r.verdict} since ${r.baseline.slice(0, 40)}`);
  if (results.some((r) => !r.ok)) {
    console.error("\nRecord the change with `pnpm changeset` (name every package listed as MISSING).");
    process.exitCode = 1;
  }
}
