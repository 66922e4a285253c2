#!/usr/bin/env node
// The whole test suite, as the README's test command runs it:
//   1. the committed generated types must match the specs (a stale file fails the run);
//   2. turbo: lint:specs, lint:code (Biome: format and lint) -> generate -> build -> typecheck -> lint:package (publint, attw) -> test;
//   3. release gates on the built packages: the API reports (packages/*/etc/*.api.md), size budgets (size-limit), a changeset for every
//      changed publishable package, the docs build, then the release tests
//      (tools/vitest.release.config.ts: pack-and-install, publish dry run, docs render);
//   4. one closing line with the real counts summed over every package's vitest run:
//      "N passed, N failed" (CI reads this line; vitest's own summary is per package), after a
//      line saying how many conformance tests ran and how many were skipped.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
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

function run(command, args) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
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
/** Reports of vitest runs outside turbo: the release tests. */
const extraReports = ["tools/.vitest/release/report.json"];

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

steps.push([
  "API reports match the built .d.ts (update: pnpm api:update)",
  run(process.execPath, ["tools/api/report.mjs"]),
]);
steps.push(["size budgets", run("size-limit", [])]);
steps.push(["changesets", run(process.execPath, ["tools/changesets/check.mjs"])]);
steps.push(["docs build", run(process.execPath, ["tools/docs/build.mjs"])]);
steps.push(["release tests type check", run("tsc", ["-p", "tools/release-test/tsconfig.json"])]);
// Counted through its report; removed first, as turbo may restore tools/.vitest from its cache.
for (const file of extraReports) rmSync(join(root, file), { force: true });
run("vitest", ["run", "--config", "tools/vitest.release.config.ts"]);

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
