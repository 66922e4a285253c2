// The test command's step results from turbo's run summary (`turbo run --summarize` writes
// .turbo/runs/<id>.json, with each task's exit code): the release gates run as turbo tasks, and
// each still gets its own "step failed: <name>" line.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The folder turbo writes its run summaries to. */
export const runsDir = (root) => join(root, ".turbo", "runs");

/** The summaries present now, so the one a run writes can be told apart. */
export function summaryFiles(root) {
  const dir = runsDir(root);
  return existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith(".json")) : [];
}

/**
 * The summary a run wrote: the one file not in `before` (undefined when there is none, or more
 * than one, as when two runs share the folder).
 * @param {string} root
 * @param {string[]} before  summaryFiles(root) before the run
 */
export function newSummary(root, before) {
  const added = summaryFiles(root).filter((file) => !before.includes(file));
  if (added.length !== 1) return undefined;
  return JSON.parse(readFileSync(join(runsDir(root), added[0]), "utf8"));
}

/**
 * Steps from a run summary: each of `named` (task id → step name) is a step of its own, passed
 * when its task exited 0; every other task is part of the step `rest`. A named task the run did
 * not execute (its dependency failed first) failed.
 * @param {{ tasks: Array<{ taskId: string, execution?: { exitCode?: number | null } }> }} summary
 * @param {Record<string, string>} named
 * @param {string} rest
 * @returns {Array<[string, boolean]>}
 */
export function stepsOf(summary, named, rest) {
  const ok = (task) => task?.execution?.exitCode === 0;
  const byId = new Map(summary.tasks.map((task) => [task.taskId, task]));
  const others = summary.tasks.filter((task) => !(task.taskId in named));
  return [
    [rest, others.every(ok)],
    ...Object.entries(named).map(([taskId, name]) => [name, ok(byId.get(taskId))]),
  ];
}
