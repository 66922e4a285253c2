import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const WORKFLOWS = fileURLToPath(new URL("../../../.github/workflows/", import.meta.url));
/** action-validator (from the npm registry): GitHub's workflow schema, plus checks of `uses:` and globs. */
const VALIDATOR = fileURLToPath(
  new URL("../../node_modules/.bin/action-validator", import.meta.url),
);

function validate(file: string): { status: number | null; output: string } {
  const run = spawnSync(VALIDATOR, [file], { encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("the CI files for the repository's real home", () => {
  const files = readdirSync(WORKFLOWS).filter((f) => f.endsWith(".yml"));

  it("has CI, release, the scheduled spec refresh and the weekly live check", () => {
    expect(files.sort()).toEqual(["ci.yml", "live-check.yml", "release.yml", "spec-refresh.yml"]);
  });

  for (const file of files) {
    it(`${file} is a valid workflow`, () => {
      const { status, output } = validate(join(WORKFLOWS, file));
      expect(output).not.toMatch(/"errors"\s*:\s*\[\s*\{/);
      expect(status).toBe(0);
    });
  }

  it("the validator does catch a broken workflow (so the checks above can fail)", () => {
    const dir = mkdtempSync(join(tmpdir(), "feedgate-workflow-"));
    try {
      const bad = join(dir, "bad.yml");
      writeFileSync(
        bad,
        "name: x\non: [push]\njobs:\n  t:\n    runz-on: ubuntu-latest\n    steps: 5\n",
      );
      const { status, output } = validate(bad);
      expect(status).not.toBe(0);
      expect(output).toMatch(/errors/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("CI runs exactly the README's test command", () => {
    const readme = readdirSync(fileURLToPath(new URL("../../../", import.meta.url))).includes(
      "README.md",
    );
    expect(readme).toBe(true);
    const ci = spawnSync(
      "grep",
      [
        "-c",
        "npx --yes pnpm@10.34.9 install --frozen-lockfile && npx --yes pnpm@10.34.9 test",
        join(WORKFLOWS, "ci.yml"),
      ],
      { encoding: "utf8" },
    );
    expect(ci.stdout.trim()).toBe("1");
  });

  it("CI (.ci/run and ci.yml) runs the release cycle after the README's test command, verbatim", () => {
    const command =
      "npx --yes pnpm@10.34.9 install --frozen-lockfile && npx --yes pnpm@10.34.9 test";
    const readme = readFileSync(
      fileURLToPath(new URL("../../../README.md", import.meta.url)),
      "utf8",
    );
    expect(readme).toContain(`\n${command}\n`);
    const lines = readFileSync(
      fileURLToPath(new URL("../../../.ci/run", import.meta.url)),
      "utf8",
    ).split("\n");
    expect(lines.filter((l) => l === command)).toHaveLength(1);
    const cycle = lines.indexOf("npx --yes pnpm@10.34.9 run test:release --after-test-command");
    expect(cycle).toBeGreaterThan(lines.indexOf(command));
    const ci = readFileSync(join(WORKFLOWS, "ci.yml"), "utf8");
    expect(ci.indexOf("run: npx --yes pnpm@10.34.9 run test:release")).toBeGreaterThan(
      ci.indexOf(`run: ${command}`),
    );
  });
});
