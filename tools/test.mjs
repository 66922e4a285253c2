#!/usr/bin/env node
// The whole test suite, as the README's test command runs it:
//   1. the committed generated types must match the specs (a stale file fails the run);
//   2. turbo: lint:specs, lint:code (Biome: format and lint) -> generate -> build -> typecheck -> lint:package (publint, attw) -> test;
//   3. release gates on the built packages: the API reports (packages/*/etc/*.api.md), size budgets (size-limit), a changeset for every
//      changed publishable package, the docs build, then the release tests
//      (tools/vitest.release.config.ts: pack-and-install, publish dry run, docs render), two at a
//      time on a 2-core machine (tools/lib/steps.mjs), each step's output printed whole with its time;
//   4. one closing line with the real counts summed over every package's vitest run:
//      "N passed, N failed" (CI reads this line; vitest's own summary is per package), after a
//      line saying how many conformance tests ran and how many were skipped.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { runSteps } from "./lib/steps.mjs";
import { closingLine, conformanceLine, summarize } from "./lib/test-summary.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const env = {
  ...process.env,
  // Documented opt-outs: no telemetry from turbo, Redocly or Prism's analytics dependency.
  TURBO_TELEMETRY_DISABLED: "1",
  TURBO_NO_UPDATE_NOTIFIER: "1",
  DO_NOT_TRACK: "1",
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  SCARF_ANALYTICS: "false",
};

/** Runs a step with its output streamed as it comes; prints its time after it. */
function run(command, args) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s: ${command} ${args[0]}]`);
  return result.status === 0;
}

/** Workspace packages that have a vitest `test` script. */
function testedPackages() {
  const dirs = ["tools", ...readdirSync(join(root, "packages")).map((d) => join("packages", d))];
  return dirs.filter((dir) => {
    const file = join(root, dir, "package.json");
    if (!existsSync(file)) return false;
    const scripts = JSON.parse(readFileSync(file, "utf8")).scripts ?? {};
    return typeof scripts.test === "string" && scripts.test.includes("vitest");
  });
}

const packages = testedPackages();
for (const dir of packages) rmSync(join(root, dir, ".vitest"), { recursive: true, force: true });
/** The release tests' two projects (tools/vitest.release.config.ts), each with its report. */
const RELEASE_PROJECTS = ["pack", "docs"];
const releaseReport = (project) => `.vitest/release/${project}.json`;
/** Reports of vitest runs outside turbo: the release tests. */
const extraReports = RELEASE_PROJECTS.map((project) => `tools/${releaseReport(project)}`);

const steps = [];
steps.push([
  "generated types up to date",
  run(process.execPath, ["tools/generate.mjs", "--check"]),
]);
steps.push([
  "turbo pipeline",
  run("turbo", [
    "run",
    "lint:specs",
    "lint:code",
    "generate",
    "build",
    "typecheck",
    "lint:package",
    "test",
    "--output-logs=new-only",
    "--continue",
  ]),
]);

// Counted through its report; removed first, as a stale one may be left from an earlier run.
for (const file of extraReports) rmSync(join(root, file), { force: true });
// Started in this order as slots free up, the two longest first (the packed packages' tests and
// the docs build); the docs render test reads docs/, so it waits for the docs build.
const gates = await runSteps(
  [
    { name: "docs build", command: process.execPath, args: ["tools/docs/build.mjs"] },
    // The packed packages' tests need only dist/; the docs render test waits for the docs build.
    ...RELEASE_PROJECTS.map((project) => ({
      name: `release tests (${project})`,
      command: "vitest",
      args: [
        "run",
        "--config",
        "tools/vitest.release.config.ts",
        "--project",
        project,
        `--outputFile.json=${releaseReport(project)}`,
      ],
      after: project === "docs" ? ["docs build"] : [],
      counted: false,
    })),
    {
      name: "API reports match the built .d.ts (update: pnpm api:update)",
      command: process.execPath,
      args: ["tools/api/report.mjs"],
    },
    { name: "size budgets", command: "size-limit", args: [] },
    {
      name: "changesets",
      command: process.execPath,
      args: ["tools/changesets/check.mjs"],
    },
    {
      name: "release tests type check",
      command: "tsc",
      args: ["-p", "tools/release-test/tsconfig.json"],
    },
  ],
  { cwd: root, env },
);
for (const gate of gates) if (gate.counted) steps.push([gate.name, gate.ok]);

const reports = [
  ...packages.map((dir) => join(root, dir, ".vitest", "report.json")),
  ...extraReports.map((file) => join(root, file)),
].map((report) => {
  if (existsSync(report)) return JSON.parse(readFileSync(report, "utf8"));
  console.error(`no test report at ${report} (its tests did not run)`);
  return undefined;
});
const total = summarize(reports);
const { passed, failed, skipped } = total;
for (const [name, ok] of steps) if (!ok) console.error(`step failed: ${name}`);
const stepsFailed = steps.filter(([, ok]) => !ok).length;
// For `pnpm test:release --after-test-command` (CI), which ends with the total of both runs.
mkdirSync(join(root, ".vitest"), { recursive: true });
writeFileSync(
  join(root, ".vitest", "test-command.json"),
  `${JSON.stringify({ passed, failed: failed + stepsFailed, skipped })}\n`,
);
console.log(`\n${conformanceLine(total)}`);
console.log(closingLine({ passed, failed: failed + stepsFailed, skipped }));
process.exit(failed + stepsFailed > 0 || passed === 0 ? 1 : 0);
