import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkChangesets, exportedNames } from "../../changesets/check.mjs";

let repo: string;

function write(path: string, content: string): void {
  mkdirSync(join(repo, path, ".."), { recursive: true });
  writeFileSync(join(repo, path), content);
}

function git(...args: string[]): void {
  execFileSync(
    "git",
    [
      "-c",
      "user.name=test",
      "-c",
      "user.email=test@example.invalid",
      "-c",
      "commit.gpgsign=false",
      ...args,
    ],
    { cwd: repo, stdio: "ignore" },
  );
}

function manifest(name: string, version: string, extra: object = {}): string {
  return JSON.stringify({ name, version, ...extra });
}

async function verdicts(): Promise<Record<string, boolean>> {
  return Object.fromEntries((await checkChangesets(repo)).map((r) => [r.name, r.ok]));
}

describe("check:changesets", () => {
  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), "feedgate-changesets-"));
    write("packages/lib/package.json", manifest("@x/lib", "0.1.0"));
    write("packages/lib/src/index.ts", "export const a = 1;\n");
    write("packages/internal/package.json", manifest("@x/internal", "0.0.0", { private: true }));
    write(".changeset/README.md", "changesets live here\n");
    git("init", "-q", "-b", "main");
    git("add", "-A");
    git("commit", "-q", "-m", "first");
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it("passes when nothing published changed since the first commit, and ignores private packages", async () => {
    write("packages/internal/src/x.ts", "export {};\n");
    expect(await verdicts()).toEqual({ "@x/lib": true });
  });

  it("fails for a package changed since the first commit without a changeset, committed or not", async () => {
    write("packages/lib/src/index.ts", "export const a = 2;\n");
    expect(await verdicts()).toEqual({ "@x/lib": false });
    git("commit", "-qam", "change");
    expect(await verdicts()).toEqual({ "@x/lib": false });
    write("packages/lib/src/new.ts", "export {};\n"); // untracked files count too
    const [result] = await checkChangesets(repo);
    expect(result?.changed).toEqual(["src/index.ts", "src/new.ts"]);
  });

  it("passes once a changeset names the package", async () => {
    write("packages/lib/src/index.ts", "export const a = 2;\n");
    write(".changeset/brave-lions.md", '---\n"@x/lib": minor\n---\n\nA change.\n');
    expect(await verdicts()).toEqual({ "@x/lib": true });
  });

  it("does not count changes to tests, which are not published", async () => {
    write("packages/lib/test/a.test.ts", "it.todo('x');\n");
    write("packages/lib/src/a.test.ts", "it.todo('x');\n");
    expect(await verdicts()).toEqual({ "@x/lib": true });
  });

  it("measures from the last release tag, and accepts a version bump awaiting publish", async () => {
    write("packages/lib/src/index.ts", "export const a = 2;\n");
    git("commit", "-qam", "change");
    git("tag", "@x/lib@0.1.0");
    expect(await verdicts()).toEqual({ "@x/lib": true });
    write("packages/lib/src/index.ts", "export const a = 3;\n");
    expect(await verdicts()).toEqual({ "@x/lib": false });
    write("packages/lib/package.json", manifest("@x/lib", "0.2.0")); // what `changeset version` leaves
    const [result] = await checkChangesets(repo);
    expect(result).toMatchObject({ ok: true, baseline: "@x/lib@0.1.0" });
  });

  it("a package born after the first commit passes after `changeset version` consumed its changeset", async () => {
    write("packages/late/package.json", manifest("@x/late", "0.0.0"));
    write("packages/late/src/index.ts", "export const b = 1;\n");
    git("add", "-A");
    git("commit", "-q", "-m", "a new package");
    write("packages/late/src/index.ts", "export const b = 2;\n");
    write(".changeset/new-late.md", '---\n"@x/late": minor\n---\n\nFirst release.\n');
    expect((await verdicts())["@x/late"]).toBe(true);
    // What `changeset version` leaves: the changeset consumed, the version bumped, a changelog.
    rmSync(join(repo, ".changeset/new-late.md"));
    write("packages/late/package.json", manifest("@x/late", "0.1.0"));
    write("packages/late/CHANGELOG.md", "# @x/late\n\n## 0.1.0\n");
    git("add", "-A");
    git("commit", "-q", "-m", "version packages");
    const late = (await checkChangesets(repo)).find((r) => r.name === "@x/late");
    expect(late).toMatchObject({
      ok: true,
      verdict: "version bumped 0.0.0 -> 0.1.0, awaiting publish",
    });
  });

  it("asks for changeset text naming each export an API report lost", async () => {
    write(
      "packages/lib/etc/lib.api.md",
      "```ts\n// @public\nexport function fromGatewayError(e: unknown): Error;\n\n// @public\nexport interface Keep {}\n\nexport { isGatewayError }\n```\n",
    );
    git("add", "-A");
    git("commit", "-q", "-m", "api report");
    git("tag", "@x/lib@0.1.0");
    write("packages/lib/etc/lib.api.md", "```ts\n// @public\nexport interface Keep {}\n```\n");
    write("packages/lib/src/index.ts", "export interface Keep {}\n");
    write(
      ".changeset/some.md",
      '---\n"@x/lib": minor\n---\n\nRemoves `fromGatewayError`: use `toFeedgateError`.\n',
    );
    const [result] = await checkChangesets(repo);
    expect(result).toMatchObject({
      ok: false,
      removed: [{ report: "lib", name: "isGatewayError" }],
    });
    expect(result?.verdict).toContain("isGatewayError (lib)");
    write(
      ".changeset/more.md",
      '---\n"@x/lib": minor\n---\n\nRemoves `isGatewayError`: use `instanceof GatewayError`.\n',
    );
    expect(await verdicts()).toEqual({ "@x/lib": true });
  });

  it("reads exported names from a report: declarations and re-exports", () => {
    const report =
      "export function f(): void;\nexport type T = string;\nexport const c: number;\nexport class K {}\nexport { A, B as C }\n    export function nested(): void;\n";
    expect([...exportedNames(report)].sort()).toEqual(["A", "C", "K", "T", "c", "f"]);
  });
});
