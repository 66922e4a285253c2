#!/usr/bin/env node
// The whole test suite, as the README's test command runs it:
//   1. the committed generated types must match the specs (a stale file fails the run): read
//      before turbo, compared after its `generate` tasks wrote them (generating them a second
//      time, as `tools/generate.mjs --check`, took 2 to 6 s of CPU before turbo started);
//   2. turbo: lint:specs, lint:code (Biome: format and lint) -> generate -> build -> typecheck -> test,
//      and, as soon as the builds are done, beside the tests, the release gates (turbo.json, root tasks): publint and
//      attw on every packed package, the API reports
//      (packages/*/etc/*.api.md), size budgets (size-limit), a changeset for every changed publishable package, the docs
//      build, the release tests' type check and the release tests (tools/vitest.release.config.ts: pack-and-install and
//      publish dry run; docs render after the docs build); each gate a step of its own (from turbo's run summary);
//   3. one closing line with the real counts summed over every package's vitest run:
//      "N passed, N failed" (CI reads this line; vitest's own summary is per package), after a
//      line saying how many conformance tests ran and how many were skipped.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_TARGETS, outputsOf, staleMessage, TARGETS } from "./generate.mjs";
import { closingLine, conformanceLine, summarize } from "./lib/test-summary.mjs";
import { newSummary, stepsOf, summaryFiles } from "./lib/turbo-summary.mjs";

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

/** The committed content of every generated file (null where missing), in `GENERATED` order. */
const GENERATED = DEFAULT_TARGETS.flatMap((name) => outputsOf(TARGETS[name]));
const generatedContents = () =>
  GENERATED.map((file) => (existsSync(file) ? readFileSync(file, "utf8") : null));

/** Workspace packages that have a vitest `test` script. */
function testedPackages() {
  const dirs = [
    "tools",
    "bench",
    ...readdirSync(join(root, "packages")).map((d) => join("packages", d)),
  ];
  return dirs.filter((dir) => {
    const file = join(root, dir, "package.json");
    if (!existsSync(file)) return false;
    const scripts = JSON.parse(readFileSync(file, "utf8")).scripts ?? {};
    return typeof scripts.test === "string" && scripts.test.includes("vitest");
  });
}

const packages = testedPackages();
for (const dir of packages) rmSync(join(root, dir, ".vitest"), { recursive: true, force: true });
/**
 * Reports of vitest runs that are not a package's `test` task: the release tests' two projects
 * (tools/vitest.release.config.ts), as the root scripts test:release-pack and test:release-docs
 * write them.
 */
const extraReports = ["tools/.vitest/release/pack.json", "tools/.vitest/release/docs.json"];

/**
 * The release gates, as turbo tasks (turbo.json): each starts when the builds it reads are done,
 * beside the packages' tests. Task → the step name a failure is reported under.
 */
const GATES = {
  "//#lint:packages": "package lint (publint, attw)",
  "//#api:check": "API reports match the built .d.ts (update: pnpm api:update)",
  "//#check:size": "size budgets",
  "//#check:changesets": "changesets",
  "//#docs": "docs build",
  "//#typecheck:release-tests": "release tests type check",
  "//#test:release-pack": "release tests (pack)",
  "//#test:release-docs": "release tests (docs)",
};
/** Gates whose tests are counted through their reports (below; a missing one is a failure). */
const COUNTED_BY_REPORT = new Set(["release tests (pack)", "release tests (docs)"]);

const steps = [];
const committed = generatedContents();
// Counted through their reports; removed first, as a stale one may be left from an earlier run.
for (const file of extraReports) rmSync(join(root, file), { force: true });
const summariesBefore = summaryFiles(root);
const turboOk = run("turbo", [
  "run",
  "lint:specs",
  "lint:code",
  "generate",
  "build",
  "typecheck",
  "test",
  ...Object.keys(GATES),
  "--output-logs=new-only",
  "--continue",
  "--summarize",
]);
// What turbo's `generate` tasks changed was stale (on a cache hit too: they restore their outputs).
const generated = generatedContents();
const stale = GENERATED.filter((_, i) => generated[i] !== committed[i]).map((f) =>
  relative(root, f),
);
if (stale.length > 0) console.error(staleMessage(stale));
steps.push(["generated types up to date", stale.length === 0]);
const summary = newSummary(root, summariesBefore);
if (summary === undefined) {
  console.error("no turbo run summary found: the gates are counted as one step");
  steps.push(["turbo pipeline and release gates", turboOk]);
} else {
  for (const [name, ok] of stepsOf(summary, GATES, "turbo pipeline"))
    if (!COUNTED_BY_REPORT.has(name)) steps.push([name, ok]);
}

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
