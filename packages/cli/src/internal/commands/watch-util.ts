import { pause, realSleep } from "@feedgate/core";
import { afterRequestSent } from "../cli/request-sent.js";

/**
 * The renderers, loaded once the request (when there is one) is on the wire, while its answer
 * is on the way; a watch, which sends nothing yet, loads them at once.
 */
export function renderersAfter<T>(answer: Promise<unknown> | undefined, load: () => Promise<T>) {
  if (answer === undefined) return load();
  answer.catch(() => {});
  return afterRequestSent(answer, load);
}

/**
 * Runs a watch loop until the signal fires, then returns normally: for a watch command,
 * Ctrl-C is the expected way to stop (the exit code is still 130, set by the runner).
 */
export async function untilAborted(signal: AbortSignal, loop: () => Promise<void>): Promise<void> {
  try {
    await loop();
  } catch (error) {
    if (signal.aborted) return;
    throw error;
  }
}

/** The wall-clock time of a watch event, for its stamp. */
export function clockStamp(date = new Date()): string {
  return `${date.toISOString().slice(11, 19)}Z`;
}

/** A `--interval` in seconds as the kit's `intervalMs` (undefined stays undefined: the default applies). */
export function secondsToMs(seconds: number | undefined): number | undefined {
  return seconds === undefined ? undefined : Math.round(seconds * 1000);
}

/** Waits until Ctrl-C, for the commands that serve until then (fleet, mcp, mock, record). */
export const untilInterrupted = (signal: AbortSignal) =>
  pause(realSleep, Number.POSITIVE_INFINITY, signal);
