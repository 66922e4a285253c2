#!/usr/bin/env node
// `pnpm check:changesets`: every publishable package whose published files changed since its
// last release tag ("<name>@<version>", as `changeset publish` tags; before any release: the
// commit that introduced the package) must be named by a pending changeset, or already carry a bumped
// version awaiting `changeset publish`. Unlike `changeset status --since=main`, this does not
// pass vacuously on main.
// A package whose API report (etc/*.api.md, tools/api/report.mjs) lost an export since that
// baseline also needs changeset text naming each removed export, so the changelog tells users
// what to use instead.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readChangesets } from "@changesets/read";
import { publishablePackages, root } from "../lib/packages.mjs";

/** Paths inside a package that are never published, so changing them needs no release. */
const UNPUBLISHED = [
  /^test\//,
  /^etc\//,
  /^vitest\.config\.[cm]?[jt]s$/,
  /^CHANGELOG\.md$/,
  /(^|\/)[^/]+\.test(-d)?\.ts$/,
];

function git(cwd, args) {
  return execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  }).trim();
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
  const introduced = git(repo, [
    "log",
    "--diff-filter=A",
    "--format=%H",
    "--",
    `${relDir}/package.json`,
  ])
    .split("\n")
    .filter(Boolean)
    .at(-1);
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
 * The names an API report declares as exported: `export function x`, `export interface X`,
 * `export { x }`, and the names of `export * from "<specifier>"` as `readStar` finds them (the
 * report of that entry point); a star it cannot read counts as the name `* from <specifier>`.
 * @param {string} report  the text of an .api.md file
 * @param {(specifier: string) => string | undefined} [readStar]  the report text of an entry point
 * @returns {Set<string>}
 */
export function exportedNames(report, readStar = () => undefined) {
  const names = new Set();
  const declaration =
    /^export (?:declare )?(?:abstract )?(?:function|interface|class|type|const|let|var|namespace|enum) ([A-Za-z_$][\w$]*)/gm;
  for (const match of report.matchAll(declaration)) names.add(match[1]);
  for (const match of report.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const part of match[1].split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .at(-1);
      if (name) names.add(name);
    }
  }
  for (const match of report.matchAll(/^export \* from ["']([^"']+)["']/gm)) {
    const target = readStar(match[1]);
    if (target === undefined) names.add(`* from ${match[1]}`);
    else for (const name of exportedNames(target)) names.add(name);
  }
  return names;
}

/**
 * Where the report of a workspace entry point lives: "@feedgate/core/errors" ->
 * packages/core/etc/core-errors.api.md (tools/api/report.mjs names them so).
 */
function reportPathOf(repo, specifier) {
  const pkg = publishablePackages(repo).find(
    (p) => specifier === p.name || specifier.startsWith(`${p.name}/`),
  );
  if (!pkg) return undefined;
  const base = pkg.name.replace(/^@[^/]+\//, "");
  const sub = specifier.slice(pkg.name.length + 1);
  return `${pkg.relDir}/etc/${sub ? `${base}-${sub.replaceAll("/", "-")}` : base}.api.md`;
}

/**
 * Exports in the package's API reports at the baseline that its reports no longer declare,
 * as { report, name }.
 */
function removedExports(repo, baseline, relDir) {
  const reportsThen = (
    gitOrUndefined(repo, ["ls-tree", "--name-only", `${baseline}:${relDir}/etc`]) ?? ""
  )
    .split("\n")
    .filter((file) => file.endsWith(".api.md"));
  const readThen = (specifier) => {
    const path = reportPathOf(repo, specifier);
    return path === undefined ? undefined : gitOrUndefined(repo, ["show", `${baseline}:${path}`]);
  };
  const readNow = (specifier) => {
    const path = reportPathOf(repo, specifier);
    return path !== undefined && existsSync(join(repo, path))
      ? readFileSync(join(repo, path), "utf8")
      : undefined;
  };
  return reportsThen.flatMap((file) => {
    const then = exportedNames(git(repo, ["show", `${baseline}:${relDir}/etc/${file}`]), readThen);
    const path = join(repo, relDir, "etc", file);
    const now = existsSync(path) ? exportedNames(readFileSync(path, "utf8"), readNow) : new Set();
    return [...then]
      .filter((name) => !now.has(name))
      .map((name) => ({ report: file.replace(/\.api\.md$/, ""), name }));
  });
}

/**
 * @param {string} repo  repository root
 * @returns {Promise<{ name: string, baseline: string, changed: string[], verdict: string, ok: boolean }[]>}
 */
export async function checkChangesets(repo) {
  const changesets = await readChangesets(repo);
  const mentioned = new Set(
    changesets.flatMap((changeset) => changeset.releases.map((r) => r.name)),
  );
  /** Everything the pending changesets and the changelog say about a package. */
  const notesOf = (pkg) => {
    const changelog = join(pkg.dir, "CHANGELOG.md");
    return [
      ...changesets
        .filter((changeset) => changeset.releases.some((r) => r.name === pkg.name))
        .map((changeset) => changeset.summary),
      existsSync(changelog) ? readFileSync(changelog, "utf8") : "",
    ].join("\n");
  };
  return publishablePackages(repo).map((pkg) => {
    const baseline = baselineOf(repo, pkg.name, pkg.relDir);
    const changed = changedFiles(repo, baseline, pkg.relDir);
    const manifestThen = gitOrUndefined(repo, ["show", `${baseline}:${pkg.relDir}/package.json`]);
    const versionThen = manifestThen === undefined ? undefined : JSON.parse(manifestThen).version;
    const result = { name: pkg.name, baseline, changed };
    const removed = removedExports(repo, baseline, pkg.relDir);
    const notes = notesOf(pkg);
    const unnamed = removed.filter(
      ({ name }) => !new RegExp(`(^|[^\\w$])${name.replace(/\$/g, "\\$")}([^\\w$]|$)`).test(notes),
    );
    if (unnamed.length > 0) {
      const list = unnamed.map(({ report, name }) => `${name} (${report})`).join(", ");
      return {
        ...result,
        ok: false,
        removed: unnamed,
        verdict: `removes exports no changeset names: ${list}; write each with its replacement in a changeset`,
      };
    }
    if (changed.length === 0) return { ...result, ok: true, verdict: "unchanged" };
    if (mentioned.has(pkg.name)) return { ...result, ok: true, verdict: "has a changeset" };
    if (versionThen !== undefined && versionThen !== pkg.version) {
      return {
        ...result,
        ok: true,
        verdict: `version bumped ${versionThen} -> ${pkg.version}, awaiting publish`,
      };
    }
    return {
      ...result,
      ok: false,
      verdict: `changed without a changeset (${changed.length} files, e.g. ${changed.slice(0, 3).join(", ")})`,
    };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await checkChangesets(root);
  for (const r of results)
    console.log(
      `${r.ok ? "ok" : "MISSING"}  ${r.name}: ${r.verdict} since ${r.baseline.slice(0, 40)}`,
    );
  if (results.some((r) => !r.ok)) {
    console.error(
      "\nRecord the change with `pnpm changeset` (name every package listed as MISSING, and every removed export with its replacement).",
    );
    process.exitCode = 1;
  }
}
