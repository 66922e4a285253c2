#!/usr/bin/env node
// `pnpm spec:changeset [feed|gateway ...]` (default: both)
// For each document that changed since the last commit: diffs its structure (the bundled
// document at HEAD against the one in the work tree), regenerates the types, and writes a
// changeset for every package whose generated code changed, with the diff as its summary.
// Semver while below 1.0: a change that breaks clients is a minor bump, anything else a patch;
// from 1.0 on: major, minor, patch. Exit codes: 0 done, 1 failure, 2 usage error.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundle, render, TARGETS } from "./generate.mjs";
import { diffSpecs } from "./lib/spec-diff.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const git = (args, options = {}) =>
  execFileSync("git", args, { cwd: root, encoding: "utf8", ...options });

/** The bump of a structural diff for a package at `version` (see the header for the rule). */
export function bumpOf(diff, version) {
  const stable = Number(version.split(".")[0]) >= 1;
  if (diff.breaking.length) return stable ? "major" : "minor";
  if (diff.compatible.length) return stable ? "minor" : "patch";
  return "patch";
}

/** The changeset file's text: the releases, then what changed in the document. */
export function changesetText(releases, name, diff) {
  const front = releases.map(({ pkg, bump }) => `"${pkg}": ${bump}`).join("\n");
  const lines = [
    ...diff.breaking.map((c) => `- **breaking:** ${c}`),
    ...diff.compatible.map((c) => `- ${c}`),
  ];
  const summary = lines.length
    ? lines.join("\n")
    : "- descriptions or examples only (no structural change)";
  return `---\n${front}\n---\n\nThe ${name} OpenAPI document changed; the generated types follow it:\n\n${summary}\n`;
}

/** The target's document as committed at HEAD (a bundled one is bundled from HEAD's files). */
async function documentAtHead(target) {
  if (!target.bundle) return JSON.parse(git(["show", `HEAD:${target.spec}`]));
  const dir = await mkdtemp(join(tmpdir(), "feedgate-spec-head-"));
  try {
    execFileSync(
      "sh",
      ["-c", `git archive HEAD specs redocly.yaml | tar -x -C ${JSON.stringify(dir)}`],
      { cwd: root },
    );
    const out = join(dir, "bundled.json");
    bundle({ api: target.bundle.api, output: out }, { config: join(dir, "redocly.yaml") });
    return JSON.parse(await readFile(out, "utf8"));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function documentNow(target) {
  if (target.bundle) bundle(target.bundle);
  return JSON.parse(await readFile(join(root, target.spec), "utf8"));
}

/**
 * Writes the changesets of the named documents' changes. Returns what it wrote, per document:
 * `{ name, diff, releases, file }`, or `{ name, unchanged: true }`.
 */
export async function specChangeset(names = Object.keys(TARGETS), { log = console.log } = {}) {
  const results = [];
  for (const name of names) {
    const target = TARGETS[name];
    if (!target)
      throw Object.assign(
        new Error(
          `unknown document ${JSON.stringify(name)}; choose ${Object.keys(TARGETS).join(", ")}`,
        ),
        { usage: true },
      );
    const [before, after] = [await documentAtHead(target), await documentNow(target)];
    if (JSON.stringify(before) === JSON.stringify(after)) {
      log(`${name}: the document is as committed; nothing to record`);
      results.push({ name, unchanged: true });
      continue;
    }
    const diff = diffSpecs(before, after);
    for (const [file, content] of Object.entries(await render(target)))
      await writeFile(file, content);
    const generated = git(["diff", "--name-only", "HEAD", "--", `${target.pkg}/src/generated`])
      .split("\n")
      .filter((f) => f && !f.endsWith("version.ts"));
    if (generated.length === 0) {
      log(`${name}: the document changed but the generated code did not; no package to release`);
      results.push({ name, diff, releases: [] });
      continue;
    }
    const pkg = JSON.parse(await readFile(join(root, target.pkg, "package.json"), "utf8"));
    const releases = [{ pkg: pkg.name, bump: bumpOf(diff, pkg.version) }];
    const text = changesetText(releases, name, diff);
    const file = join(
      root,
      ".changeset",
      `spec-${name}-${createHash("sha256").update(text).digest("hex").slice(0, 8)}.md`,
    );
    await writeFile(file, text);
    log(
      `${name}: ${diff.breaking.length} breaking, ${diff.compatible.length} compatible change(s); wrote ${file.slice(root.length + 1)} (${releases.map((r) => `${r.pkg} ${r.bump}`).join(", ")})`,
    );
    results.push({ name, diff, releases, file });
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  specChangeset(process.argv.slice(2).length ? process.argv.slice(2) : undefined).catch((error) => {
    console.error(`spec:changeset: ${error.message}`);
    process.exit(error.usage ? 2 : 1);
  });
}
