import { pause, realSleep } from "@feedgate/core";
import { step } from "../cli/errors.js";
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

/** What a watch polls with: Ctrl-C's signal and, with `--interval`, the wait between polls. */
export type Poll = { signal: AbortSignal; intervalMs?: number };

/**
 * Runs `each` on every version `watch` yields until Ctrl-C, which ends it normally: for a watch
 * command that is the expected way to stop (the exit code is still 130, set by the runner).
 * `interval` is `--interval` in seconds; a failure is labelled `what`.
 */
export async function watchEach<T>(
  signal: AbortSignal,
  what: string,
  interval: number | undefined,
  watch: (poll: Poll) => AsyncIterable<T>,
  each: (version: T) => void,
): Promise<void> {
  const intervalMs = secondsToMs(interval);
  const poll = { signal, ...(intervalMs === undefined ? {} : { intervalMs }) };
  try {
    await step(what, async () => {
      for await (const version of watch(poll)) each(version);
    });
  } catch (error) {
    if (!signal.aborted) throw error;
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
