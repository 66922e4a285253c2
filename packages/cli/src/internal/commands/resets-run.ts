import type { CodexResetsResponse } from "@feedgate/feed-client";
import { diffResetEvents, type FeedKit, type ResetChange } from "@feedgate/kit/feed";
import { step } from "../cli/errors.js";
import { feedKitOf } from "../cli/feed-kit.js";
import type { CommandContext } from "../cli/runner.js";
import { renderCalendarUpdate, renderResetChange, renderResets } from "../render/resets.js";
import { RESET_CHANGE, RESETS, renderable } from "../render/shapes.js";
import type { READS } from "./reads.js";
import type { OptionsOf } from "./spec.js";
import { clockStamp, type Poll, watchEach } from "./watch-util.js";

type ResetsOptions = OptionsOf<typeof READS.resets>;

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
  const kit = feedKitOf(ctx);
  const recent = options.recent === true;
  if (!options.watch) {
    const call = { signal: ctx.signal };
    const { data } = await step("reset calendar", () =>
      recent ? kit.codexResetsRecent(call) : kit.codexResets(call),
    );
    if (out.json) out.data(data);
    else out.print(renderResets(renderable(data, RESETS, "reset calendar"), out, recent));
    return;
  }
  let previous: CodexResetsResponse | undefined;
  // Default: the calendar's cadence in FEED_CADENCE (5 minutes).
  const watch = (poll: Poll) => watchCalendar(kit, recent, poll);
  await watchEach(ctx.signal, "watching the reset calendar", options.interval, watch, (version) => {
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
      return hooks.afterVersion?.(0);
    }
    if (!out.json) out.print(renderCalendarUpdate(before, data, out, clockStamp(at)));
    for (const change of changes) {
      if (out.json)
        out.data({
          type: change.type,
          at: at.toISOString(),
          event: change.type === "removed" ? change.previous : change.event,
          ...(change.type === "changed" && { previous: change.previous }),
        });
      else
        out.print(
          renderResetChange(
            renderable(change, RESET_CHANGE, "reset calendar change"),
            out,
            clockStamp(at),
          ),
        );
    }
    hooks.afterVersion?.(changes.length);
  });
}

/**
 * Each version of the calendar with what changed in its events (the first one is printed whole). The
 * `/recent` form through the kit's `watchResets`; the full calendar through the same
 * conditional poller, diffed by event id here.
 */
async function* watchCalendar(
  kit: FeedKit,
  recent: boolean,
  poll: Poll,
): AsyncGenerator<{ data: CodexResetsResponse; changes: ResetChange[] }> {
  if (recent) {
    // The first version's changes (all `added`) are not shown: the calendar is printed whole.
    for await (const { data, changes } of kit.watchResets(poll)) yield { data, changes };
    return;
  }
  let previous: CodexResetsResponse | undefined;
  for await (const version of kit.pollUntilChanged("codexResets", undefined, poll)) {
    const changes = previous ? diffResetEvents(previous.events, version.data.events) : [];
    previous = version.data;
    // Every new version: one with only new source posts or a new check time is news too.
    yield { data: version.data, changes };
  }
}
