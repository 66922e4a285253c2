// The test command's step runner (tools/lib/steps.mjs): independent steps run at the same time,
// a step waits for the ones it comes after, each step's output is printed whole with its time,
// and a failing step is reported as failed.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSteps } from "../../lib/steps.mjs";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "feedgate-steps-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A node step: fails at once if `requires` does not exist yet; else writes `<name>.started`,
 * prints two lines, waits (bounded, 3000 checks of 10 ms) until `waitFor` exists if given, then
 * writes `<name>.done` and exits with `code`.
 */
function step(
  name: string,
  { waitFor = "", requires = "", code = 0, after = [] as string[] } = {},
) {
  const script = `
const fs = require("node:fs"), path = require("node:path");
const dir = ${JSON.stringify(dir)};
if (${JSON.stringify(requires)} && !fs.existsSync(path.join(dir, ${JSON.stringify(requires)}))) process.exit(3);
fs.writeFileSync(path.join(dir, "${name}.started"), "");
console.log("${name} line 1");
const waitFor = ${JSON.stringify(waitFor)};
let checks = 0;
const finish = () => {
  console.error("${name} line 2");
  fs.writeFileSync(path.join(dir, "${name}.done"), "");
  process.exit(${code});
};
const check = () => {
  if (!waitFor || fs.existsSync(path.join(dir, waitFor))) return finish();
  if (++checks > 3000) { console.error("gave up waiting for " + waitFor); process.exit(2); }
  setTimeout(check, 10);
};
check();`;
  return { name, command: process.execPath, args: ["-e", script], after };
}

describe("runSteps", () => {
  it("runs independent steps at the same time: each waits until the other has started", async () => {
    const printed: string[] = [];
    const results = await runSteps(
      [step("a", { waitFor: "b.started" }), step("b", { waitFor: "a.started" })],
      { cwd: dir, env: process.env, concurrency: 2, print: (text) => printed.push(text) },
    );
    expect(results.map((r) => [r.name, r.ok])).toEqual([
      ["a", true],
      ["b", true],
    ]);
    // One block per step, whole: its command line with its time, then both its lines.
    expect(printed).toHaveLength(2);
    for (const block of printed) {
      const name = block.includes("a line 1") ? "a" : "b";
      expect(block.startsWith(`\n$ ${process.execPath} -e `)).toBe(true);
      expect(block).toMatch(/ {2}\[\d+\.\d s\]\n/);
      expect(block).toContain(`${name} line 1\n${name} line 2\n`);
      expect(block).not.toContain(`${name === "a" ? "b" : "a"} line`);
    }
  });

  it("starts a step only after the steps it comes after have ended, and reports a failed one", async () => {
    const results = await runSteps(
      [
        step("first", { code: 1 }),
        // Fails if started before "first" ended.
        step("second", { requires: "first.done", after: ["first"] }),
      ],
      { cwd: dir, env: process.env, concurrency: 2, print: () => undefined },
    );
    expect(results.map((r) => [r.name, r.ok, r.counted])).toEqual([
      ["first", false, true],
      ["second", true, true],
    ]);
    expect(existsSync(join(dir, "second.done"))).toBe(true);
  });

  it("runs one at a time, in order, with concurrency 1", async () => {
    const printed: string[] = [];
    await runSteps([step("one"), step("two", { requires: "one.done" })], {
      cwd: dir,
      env: process.env,
      concurrency: 1,
      print: (text) => printed.push(text),
    });
    expect(printed.map((block) => block.match(/(one|two) line 1/)?.[1])).toEqual(["one", "two"]);
  });

  it("refuses a step that comes after an unknown one", async () => {
    await expect(
      runSteps([step("x", { after: ["nope"] })], { cwd: dir, env: process.env, print: () => {} }),
    ).rejects.toThrow(/after unknown "nope"/);
  });
});
