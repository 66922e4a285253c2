// Docs that name a path are checked: every repository path a Markdown doc names in backticks
// or in a link (`packages/kit/src/feed/`, `tools/pg-start.mjs`, `[x](packages/mock)`) exists,
// relative to the repository root or to the doc's own folder. Build outputs, globs, placeholders
// and paths that a command creates are not paths of the repository and are not checked.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../../lib/packages.mjs";

const DOCS = execFileSync("git", ["ls-files", "*.md"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((file) => file && !file.includes("CHANGELOG") && !file.startsWith(".changeset/"))
  .filter((file) => !file.endsWith(".api.md") && file !== "bench/RESULTS.md");

/** Top-level folders whose paths a doc may name. */
const ROOTS = /^(?:\.\/)?(packages|tools|specs|bench|\.ci|\.github)\//;
/** Not repository paths: outputs, globs, placeholders, what a command makes, other repositories. */
const SKIP = /[*<>{}…$]|\/dist(\/|$)|\/node_modules|\.tmp\/|\/\.vitest|^specs\/[^/]+\/dist/;

function pathsIn(text: string): string[] {
  const named = [
    ...text.matchAll(/`([^`\s]+)`/g),
    ...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g),
  ].map((m) => m[1]!.replace(/[:,.;]+$/, "").replace(/:\d+(-\d+)?$/, ""));
  return [...new Set(named.filter((p) => ROOTS.test(p) && !SKIP.test(p)))];
}

describe("every repository path a doc names exists", () => {
  for (const doc of DOCS) {
    it(doc, () => {
      const text = readFileSync(join(root, doc), "utf8");
      const missing = pathsIn(text).filter(
        (path) => !existsSync(join(root, path)) && !existsSync(join(root, dirname(doc), path)),
      );
      expect(missing).toEqual([]);
    });
  }
});

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, "")
    .replaceAll(" ", "-");

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...text.matchAll(/^#{1,6} (.*)$/gm)].map((m) => anchorOf(m[1]!)));
}

describe("every link to a section of a doc names a heading it has", () => {
  for (const doc of DOCS) {
    it(doc, () => {
      const text = readFileSync(join(root, doc), "utf8");
      const broken = [...text.matchAll(/\]\(([^)\s#]*)#([^)\s]+)\)/g)]
        .map(([, target, anchor]) => ({
          file: join(root, dirname(doc), target || basename(doc)),
          anchor: anchor!,
        }))
        .filter(
          ({ file, anchor }) =>
            file.endsWith(".md") && existsSync(file) && !anchorsOf(file).has(anchor),
        )
        .map(({ file, anchor }) => `${file.slice(root.length + 1)}#${anchor}`);
      expect(broken).toEqual([]);
    });
  }
});
