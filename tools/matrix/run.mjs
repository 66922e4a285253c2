#!/usr/bin/env node
// `pnpm test:matrix`: the smoke scripts of smokes.mjs on the system Node, Node 22, Node 24,
// Bun, Deno and headless Chromium, against the smoke server on 127.0.0.1. No vitest: it
// runs on none of Bun, Deno or a browser. A runtime that cannot be obtained is reported as
// unavailable and fails the run; nothing is skipped silently.
import { spawn } from "node:child_process";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleForBrowser, runInBrowser } from "./browser.mjs";
import { obtainRuntimes } from "./runtimes.mjs";
import { startSmokeServer } from "./smoke-server.mjs";
import { SMOKES } from "./smokes.mjs";
import { loadExamples } from "./spec-examples.mjs";

const here = dirname(fileURLToPath(import.meta.url));

/** Runs every smoke script in one child process of `runtime` (the server lives in this one). */
function runScripts(runtime, baseUrl) {
  const [executable, ...leading] = runtime.command;
  const args = [...leading, "run-smoke.mjs", baseUrl, ...SMOKES.map((smoke) => smoke.file)];
  return new Promise((resolve) => {
    const child = spawn(executable, args, { cwd: here, env: { ...process.env, NO_COLOR: "1" } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("error", (error) => (output += String(error)));
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, output: output.trim() });
    });
  });
}

async function runBrowser(baseUrl) {
  try {
    const { version, results, consoleErrors } = await runInBrowser(baseUrl);
    const lines = results.map((r) => (r.ok ? `ok - ${r.name}` : `not ok - ${r.name}: ${r.error}`));
    lines.push(...consoleErrors.map((text) => `console error: ${text}`));
    const ok =
      results.length === SMOKES.filter((s) => s.browser).length &&
      results.every((r) => r.ok) &&
      consoleErrors.length === 0;
    return { name: "chromium (headless)", version, ok, output: lines.join("\n") };
  } catch (error) {
    return {
      name: "chromium (headless)",
      unavailable: error instanceof Error ? error.message : String(error),
    };
  }
}

const files = await bundleForBrowser(SMOKES.filter((smoke) => smoke.browser));
const server = await startSmokeServer(loadExamples(), files);
const rows = [];
try {
  for (const runtime of obtainRuntimes()) {
    if (runtime.command === undefined) rows.push(runtime);
    else rows.push({ ...runtime, ...(await runScripts(runtime, server.url)) });
  }
  rows.push(await runBrowser(server.url));
} finally {
  await server.close();
}

console.log(`\nruntime matrix (${SMOKES.map((s) => s.name).join(", ")})\n`);
console.log("| runtime | version | result |\n| --- | --- | --- |");
for (const row of rows) {
  const passed = (row.output ?? "").split("\n").filter((line) => line.startsWith("ok - ")).length;
  const result =
    row.unavailable !== undefined
      ? `UNAVAILABLE: ${row.unavailable}`
      : `${row.ok ? "passed" : "FAILED"} (${passed} scripts ok)`;
  console.log(`| ${row.name} | ${row.version?.replace(/ \(.*/, "") ?? "-"} | ${result} |`);
}
for (const row of rows.filter((r) => r.ok === false)) console.log(`\n${row.name}:\n${row.output}`);
process.exitCode = rows.every((row) => row.ok === true) ? 0 : 1;
