// `pnpm bench`: runs every benchmark, each in its own Node process, prints the side-by-side
// figures and writes bench/RESULTS.md. Exits non-zero only when a benchmark cannot run; a
// missed goal is reported, not failed. `node bench/run.mjs request stream` runs a subset and
// then leaves RESULTS.md alone.
import { fork } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describeMachine } from "./lib/machine.mjs";
import { resultsMarkdown, table } from "./lib/report.mjs";

const BENCHMARKS = [
  { key: "request", file: "request-overhead.mjs" },
  { key: "stream", file: "stream-decoding.mjs" },
  { key: "pagination", file: "pagination-mirror.mjs" },
  { key: "polling", file: "polling.mjs" },
  { key: "startup", file: "cli-startup.mjs" },
  { key: "postgres", file: "postgres.mjs" },
  { key: "mcp", file: "mcp.mjs" },
];
/** A guard against a hung benchmark, far above its normal time (the whole run takes a few minutes). */
const PER_BENCHMARK_TIMEOUT_MS = 600_000;

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const wanted = process.argv.slice(2);
const selected =
  wanted.length === 0 ? BENCHMARKS : BENCHMARKS.filter((b) => wanted.includes(b.key));
if (selected.length === 0) {
  console.error(`unknown benchmark; choose from: ${BENCHMARKS.map((b) => b.key).join(", ")}`);
  process.exit(2);
}

function runInChild(file) {
  return new Promise((resolve) => {
    const child = fork(here("./lib/worker.mjs"), [here(file)], {
      execArgv: ["--expose-gc"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let answer;
    const timer = setTimeout(() => {
      answer ??= { ok: false, error: `timed out after ${PER_BENCHMARK_TIMEOUT_MS / 1000} s` };
      child.kill("SIGKILL");
    }, PER_BENCHMARK_TIMEOUT_MS);
    child.on("message", (message) => (answer ??= message));
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve(
        answer ?? {
          ok: false,
          error: `the benchmark process exited (${signal ?? code}) without a result`,
        },
      );
    });
  });
}

const machine = describeMachine();
console.log(
  `feedgate benchmarks — ${machine.cpu}, ${machine.cores} cores, ${machine.memory}, Node ${machine.node}, ${machine.date}`,
);
const started = performance.now();
const rows = [];
const notes = [];
const failures = [];
for (const bench of selected) {
  console.log(`\n▶ ${bench.key} (${bench.file})`);
  const answer = await runInChild(bench.file);
  if (!answer.ok) {
    console.log(`  ✖ cannot run: ${answer.error}`);
    failures.push(`${bench.key}: ${answer.error.split("\n")[0]}`);
    continue;
  }
  const { result } = answer;
  for (const line of result.lines ?? []) console.log(`  ${line}`);
  rows.push(...result.rows);
  notes.push(...(result.notes ?? []));
  for (const failure of result.failures ?? []) {
    console.log(`  ✖ cannot run: ${failure}`);
    failures.push(`${bench.key}: ${failure}`);
  }
}
const seconds = (performance.now() - started) / 1000;
console.log(`\n${table(rows)}\n`);
if (selected === BENCHMARKS) {
  writeFileSync(here("./RESULTS.md"), resultsMarkdown({ machine, rows, notes, failures, seconds }));
  console.log(`wrote bench/RESULTS.md (${seconds.toFixed(0)} s)`);
} else {
  console.log(`subset run (${seconds.toFixed(0)} s): bench/RESULTS.md left as it was`);
}
if (failures.length > 0) {
  console.error(
    `${failures.length} benchmark(s) could not run:\n${failures.map((f) => `  - ${f}`).join("\n")}`,
  );
  process.exit(1);
}
