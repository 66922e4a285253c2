/**
 * Task statuses that end polling, compared case-insensitively. Per the gateway facts sheet:
 * the gateway normalises upstream states to queued / in_progress / completed / failed (plus
 * `unknown`), and its own reference poller also stops on these aliases. Anything else —
 * `queued`, `in_progress`, `unknown`, or a string nobody has seen yet — means "still running".
 */
export const TASK_SUCCEEDED_STATUSES: readonly string[] = [
  "completed",
  "succeeded",
  "success",
  "done",
];
/** Task statuses that end polling in failure (compared case-insensitively). */
export const TASK_FAILED_STATUSES: readonly string[] = ["failed", "error", "cancelled", "canceled"];

/** Where a task stands, by its status: done, failed, or still running. */
export type TaskState = "succeeded" | "failed" | "running";

/** Classifies a task status string. */
export function taskState(status: unknown): TaskState {
  if (typeof status !== "string") return "running";
  const s = status.trim().toLowerCase();
  if (TASK_SUCCEEDED_STATUSES.includes(s)) return "succeeded";
  if (TASK_FAILED_STATUSES.includes(s)) return "failed";
  return "running";
}
