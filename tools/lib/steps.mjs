// The test command's steps: commands run as child processes, a few at a time, each step's
// output kept whole. Steps that do not need each other run concurrently (the release gates
// after the turbo pipeline: on 2 cores two of them keep both busy where one would leave a core
// idle while it waits on a child process or the disk); a step's output is printed in one block,
// under its command line and its time, when it ends, so two steps never interleave.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

/**
 * @typedef {object} Step
 * @property {string} name        what the step proves, named in "step failed: <name>"
 * @property {string} command
 * @property {string[]} args
 * @property {string[]} [after]   names of steps that must end first (whatever their result)
 * @property {boolean} [counted]  false: its exit status is not a step result (the tests it runs are counted through their report)
 */

/**
 * @typedef {object} StepResult
 * @property {string} name
 * @property {boolean} ok       exit status 0
 * @property {boolean} counted
 * @property {number} seconds
 * @property {string} output    stdout and stderr, in the order they came
 */

/** The command line as printed above a step's output. */
export const commandLine = (command, args) => `$ ${command} ${args.join(" ")}`;

/**
 * Runs one command with its output captured (stdout and stderr in one stream, in order).
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv }} options
 * @returns {Promise<{ ok: boolean, seconds: number, output: string }>}
 */
export function runCaptured(command, args, { cwd, env }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    const done = (ok, extra = "") =>
      resolve({
        ok,
        seconds: (performance.now() - started) / 1000,
        output: Buffer.concat(chunks).toString("utf8") + extra,
      });
    child.once("error", (error) => done(false, `\n${error.message}\n`));
    child.once("close", (code) => done(code === 0));
  });
}

/** A step's block: its command line and time, then its output. */
export function stepBlock(step, result) {
  const status = result.ok ? "" : " (failed)";
  const output =
    result.output.endsWith("\n") || result.output === "" ? result.output : `${result.output}\n`;
  return `\n${commandLine(step.command, step.args)}  [${result.seconds.toFixed(1)} s${status}]\n${output}`;
}

/**
 * Runs the steps, at most `concurrency` at once, each when the steps it comes after have ended,
 * in the order given otherwise; prints each step's block as it ends (`print`, default stdout).
 * @param {Step[]} steps
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, concurrency?: number, print?: (text: string) => void }} options
 *   concurrency: default the number of cores
 * @returns {Promise<StepResult[]>} in the order of `steps`
 */
export async function runSteps(steps, { cwd, env, concurrency = availableParallelism(), print }) {
  const write = print ?? ((text) => process.stdout.write(text));
  const names = new Set(steps.map((s) => s.name));
  for (const step of steps)
    for (const name of step.after ?? [])
      if (!names.has(name)) throw new Error(`step "${step.name}" comes after unknown "${name}"`);
  /** @type {Map<string, StepResult>} */
  const results = new Map();
  const running = new Set();
  const waiting = [...steps];
  await new Promise((resolveAll) => {
    const startReady = () => {
      for (let i = 0; i < waiting.length && running.size < Math.max(1, concurrency); ) {
        const step = waiting[i];
        if (!(step.after ?? []).every((name) => results.has(name))) {
          i += 1;
          continue;
        }
        waiting.splice(i, 1);
        running.add(step.name);
        runCaptured(step.command, step.args, { cwd, env }).then((result) => {
          running.delete(step.name);
          results.set(step.name, { name: step.name, counted: step.counted !== false, ...result });
          write(stepBlock(step, result));
          startReady();
        });
      }
      if (running.size === 0) resolveAll();
    };
    startReady();
  });
  const stuck = waiting.map((step) => step.name);
  if (stuck.length) throw new Error(`steps waiting on each other: ${stuck.join(", ")}`);
  return steps.map((step) => results.get(step.name));
}
