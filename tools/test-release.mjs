#!/usr/bin/env node
// `pnpm test:release`: the release cycle on a scratch clone (tools/release-cycle, a few
// minutes), then its closing line "release: N passed, N failed". With --after-test-command
// (CI, right after the README's test command) it adds the counts that command recorded and
// ends with the plain total "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { root } from "./lib/packages.mjs";

export const TEST_COMMAND_COUNTS = join(root, ".vitest", "test-command.json");
const report = join(root, "tools", ".vitest", "cycle", "report.json");

rmSync(report, { force: true });
const vitest = spawnSync("vitest", ["run", "--config", "tools/vitest.cycle.config.ts"], {
  cwd: root,
  stdio: "inherit",
});
let passed = 0;
let failed = vitest.status === 0 ? 0 : 1;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, "utf8"));
  passed = json.numPassedTests;
  failed =
    json.numFailedTests +
    json.testResults.filter((r) => r.status === "failed" && r.assertionResults.length === 0).length;
  if (vitest.status !== 0 && failed === 0) failed = 1;
} else console.error(`no test report at ${report} (the cycle did not run)`);
console.log(`\nrelease: ${passed} passed, ${failed} failed`);

if (process.argv.includes("--after-test-command")) {
  if (!existsSync(TEST_COMMAND_COUNTS)) {
    console.error(`no counts at ${TEST_COMMAND_COUNTS}: run the test command first`);
    failed += 1;
  } else {
    const before = JSON.parse(readFileSync(TEST_COMMAND_COUNTS, "utf8"));
    passed += before.passed;
    failed += before.failed;
  }
  console.log(`${passed} passed, ${failed} failed`);
}
process.exit(failed > 0 || passed === 0 ? 1 : 0);
