import type { CodexResetsResponse } from "@feedgate/feed-client";
import type { CommandContext } from "../cli/context.js";
import { step } from "../cli/errors.js";
import { renderCalendarUpdate, renderResetChange, renderResets } from "../render/resets.js";
import { optional, RESET_EVENT, RESETS, renderable } from "../render/shapes.js";
import { feedServices } from "../services/feed.js";
import { secondsToMs } from "./hot-run.js";
import { clockStamp, untilAborted } from "./watch-util.js";

export interface ResetsOptions {
  recent?: boolean;
  watch?: boolean;
  /** Seconds between polls; default 5 minutes, never faster than the service's s-maxage. */
  interval?: number;
  json?: boolean;
}

/** Observers for embedding (the demo stops the watch once a change has been shown). */
export interface ResetsHooks {
  /** Called after each version was printed, with the number of changes it carried. */
  afterVersion?(changes: number): void;
}

/** `feedgate resets`: the reset calendar in Beijing time; `--watch` prints each change. */
export async function runResets(
  ctx: CommandContext,
  options: ResetsOptions,
  hooks: ResetsHooks = {},
): Promise<void> {
  const { out } = ctx;
  const feed = feedServices(ctx);
  const recent = options.recent === true;
  if (!options.watch) {
    const data = await step("reset calendar", () => feed.resets(recent, ctx.signal));
    if (out.json) out.data(data);
    else out.print(renderResets(renderable(data, RESETS, "reset calendar"), out, recent));
    return;
  }
  let previous: CodexResetsResponse | undefined;
  await untilAborted(ctx.signal, () =>
    step("watching the reset calendar", async () => {
      for await (const version of feed.watchResets(recent, {
        intervalMs: secondsToMs(options.interval),
        signal: ctx.signal,
      })) {
        const { changes } = version;
        const data = out.json ? version.data : renderable(version.data, RESETS, "reset calendar");
        const at = new Date();
        const before = previous;
        previous = data;
        // Every version replaces the calendar (the service rewrites it on each change): JSON
        // gets it whole; the human form says what changed besides the events.
        if (out.json) out.data({ type: "calendar", at: at.toISOString(), calendar: version.data });
        if (before === undefined) {
          if (!out.json) {
            out.print(renderResets(data, out, recent));
            out.print(
              out.color.dim(`\nwatching for added, changed and withdrawn events (Ctrl-C to stop)…`),
            );
          }
          hooks.afterVersion?.(0);
          continue;
        }
        if (!out.json) out.print(renderCalendarUpdate(before, data, out, clockStamp(at)));
        for (const change of changes) {
          if (out.json)
            out.data({
              type: change.kind,
              at: at.toISOString(),
              event: change.event,
              ...(change.previous ? { previous: change.previous } : {}),
            });
          else
            out.print(
              renderResetChange(
                renderable(
                  change,
                  { event: RESET_EVENT, previous: optional(RESET_EVENT) },
                  "reset calendar change",
                ),
                out,
                clockStamp(at),
              ),
            );
        }
        hooks.afterVersion?.(changes.length);
      }
    }),
  );
}
