/**
 * The shortest wait between two requests of any polling loop of the kit (pollers, watchers,
 * the mirror's follow, task polling). A service that answers `max-age=0`, `s-maxage=0`, a past
 * `Expires` or `Retry-After: 0` could otherwise be asked again at once, forever.
 */
export const POLL_FLOOR_MS = 1000;

/** A loop's floor: the option as given (never under {@link POLL_FLOOR_MS}), or the default. */
export function floorOf(floorMs: number | undefined): number {
  if (floorMs === undefined) return POLL_FLOOR_MS;
  if (!(Number.isFinite(floorMs) && floorMs >= POLL_FLOOR_MS))
    throw invalidArgument("floorMs", `at least ${POLL_FLOOR_MS} ms; got ${String(floorMs)}`);
  return floorMs;
}

/**
 * Says once per loop, as an `interval_raised` log event at `info`, that the interval the caller
 * asked for was raised (to the service's cache lifetime, or to the floor), so a user who asked
 * for 5 s and gets 60 s knows why.
 */
export function intervalNotice(log: Log, what: string) {
  let said = false;
  return (requestedMs: number | undefined, appliedMs: number, reason: "s-maxage" | "floor") => {
    if (said || requestedMs === undefined || appliedMs <= requestedMs) return;
    said = true;
    const why =
      reason === "floor"
        ? `the floor of ${appliedMs} ms`
        : `the service's cache lifetime (${appliedMs} ms)`;
    log("info", `${what}: the interval of ${requestedMs} ms was raised to ${why}`, {
      event: "interval_raised",
      requestedMs,
      appliedMs,
      reason,
    });
  };
}

import { invalidArgument, type Log } from "@feedgate/core";
