import type { FeedgateError } from "@feedgate/core";
import { limitError } from "./errors.js";

/** Cursors remembered to detect one given again (a longer cycle is caught by the empty-page rule). Bounded memory. */
export const RECENT_CURSORS = 16;
/** Pages in a row that bring nothing new while claiming more, before the walk is called a loop. */
export const MAX_EMPTY_PAGES = 3;

/** Watches the cursors (page tokens) one walk is given, and ends a walk that goes round in circles. */
export interface CursorGuard {
  /** Forgets what was seen: the walk starts over (a new pass, a restart from the first page). */
  reset(): void;
  /**
   * Checks the cursor a page gave before it is followed. `from`: the cursor the page was fetched
   * with; `next`: the one it gives; `progress`: whether it brought something new (`true`),
   * nothing (`false`), or is a re-walk that counts neither way (`undefined`). Throws
   * `limit_exceeded` (code `cursor_loop`) when `next` was given before, or after
   * {@link MAX_EMPTY_PAGES} pages in a row without progress.
   */
  check(
    from: string | undefined,
    next: string,
    progress: boolean | undefined,
    requestId?: string,
  ): void;
}

/**
 * The one cursor-loop guard of the kit (item pagination, the mirror's snapshot and ledger):
 * one cursor given again, or pages that claim more but bring nothing, end the walk. `what`
 * opens the error message; `start`, a cursor the walk began from, is refused for its whole life.
 */
export function cursorGuard(what: string, start?: string): CursorGuard {
  let recent: string[] = [];
  let empty = 0;
  const loop = (why: string, requestId: string | undefined): FeedgateError =>
    limitError("cursor_loop", `${what}: ${why}`, requestId === undefined ? {} : { requestId });
  return {
    reset() {
      recent = [];
      empty = 0;
    },
    check(from, next, progress, requestId) {
      if (progress === true) empty = 0;
      else if (progress === false) empty++;
      if (next === from || next === start || recent.includes(next))
        throw loop("the service gave a cursor it had already given", requestId);
      if (empty >= MAX_EMPTY_PAGES)
        throw loop(`${empty} pages in a row brought nothing new while claiming more`, requestId);
      recent = [...recent.slice(-(RECENT_CURSORS - 1)), next];
    },
  };
}
