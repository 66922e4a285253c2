// The test command's steps from turbo's run summary (tools/lib/turbo-summary.mjs): each release
// gate is its own step, every other task belongs to the pipeline's step, and a gate that did not
// run (its dependency failed) failed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { newSummary, runsDir, stepsOf, summaryFiles } from "../../lib/turbo-summary.mjs";

const task = (taskId: string, exitCode?: number | null) => ({
  taskId,
  ...(exitCode === undefined ? {} : { execution: { exitCode } }),
});
const NAMED = { "//#api:check": "API reports", "//#docs": "docs build" };

describe("stepsOf", () => {
  it("passes every step when every task exited 0", () => {
    const summary = { tasks: [task("a#build", 0), task("//#api:check", 0), task("//#docs", 0)] };
    expect(stepsOf(summary, NAMED, "turbo pipeline")).toEqual([
      ["turbo pipeline", true],
      ["API reports", true],
      ["docs build", true],
    ]);
  });

  it("fails only the step of the failed gate, and the pipeline for any other task", () => {
    expect(
      stepsOf(
        { tasks: [task("a#build", 0), task("//#api:check", 1), task("//#docs", 0)] },
        NAMED,
        "turbo pipeline",
      ),
    ).toEqual([
      ["turbo pipeline", true],
      ["API reports", false],
      ["docs build", true],
    ]);
    expect(
      stepsOf(
        { tasks: [task("a#test", 1), task("//#api:check", 0), task("//#docs", 0)] },
        NAMED,
        "turbo pipeline",
      ).map(([, ok]) => ok),
    ).toEqual([false, true, true]);
  });

  it("fails a gate that did not run, or is missing from the summary", () => {
    expect(
      stepsOf({ tasks: [task("a#build", 1), task("//#api:check")] }, NAMED, "turbo pipeline"),
    ).toEqual([
      ["turbo pipeline", false],
      ["API reports", false],
      ["docs build", false],
    ]);
  });
});

describe("newSummary", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("reads the one summary a run added, and none when there is not exactly one", () => {
    root = mkdtempSync(join(tmpdir(), "feedgate-summary-"));
    expect(summaryFiles(root)).toEqual([]);
    mkdirSync(runsDir(root), { recursive: true });
    writeFileSync(join(runsDir(root), "old.json"), JSON.stringify({ tasks: [] }));
    const before = summaryFiles(root);
    expect(newSummary(root, before)).toBeUndefined();
    writeFileSync(join(runsDir(root), "new.json"), JSON.stringify({ tasks: [task("x#test", 0)] }));
    expect(newSummary(root, before)).toEqual({ tasks: [task("x#test", 0)] });
    writeFileSync(join(runsDir(root), "other.json"), JSON.stringify({ tasks: [] }));
    expect(newSummary(root, before)).toBeUndefined();
  });
});
