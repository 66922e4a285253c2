import type { CommandContext } from "../cli/context.js";
import { step } from "../cli/errors.js";
import { storeRefOf } from "../cli/store-ref.js";
import { SnapshotProgress, StatusLine } from "../render/progress.js";
import { feedServices } from "../services/feed.js";
import type { MirrorProgress, MirrorSummary } from "../services/types.js";
import { secondsToMs } from "./hot-run.js";
import { clockStamp } from "./watch-util.js";

export interface MirrorOptions {
  fields?: "default" | "minimal";
  /** A PostgreSQL URL instead of a directory (also FEEDGATE_STORE); `-` reads it from stdin. */
  store?: string;
  /** A file holding the PostgreSQL URL. */
  storeFile?: string;
  follow?: boolean;
  interval?: number;
  json?: boolean;
}

/** The snapshot's page size (the kit's default, the service's maximum): the bar's look-ahead while the snapshot runs. */
const SNAPSHOT_PAGE = 1000;

/**
 * `feedgate mirror <dir>`: a local copy of the selected set. The snapshot shows a progress
 * bar; `--follow` keeps applying changes with a one-line status. Ctrl-C stops after the page
 * in hand is saved, and the next run resumes from the saved cursor.
 */
export async function runMirror(
  ctx: CommandContext,
  options: MirrorOptions,
  dir: string | undefined,
  hooks: { onProgress?(progress: MirrorProgress): void } = {},
): Promise<MirrorSummary> {
  const { out } = ctx;
  const store = await storeRefOf(dir, options, ctx.env, out);
  const shown = store.kind === "dir" ? store.dir : store.shown;
  const bar = new SnapshotProgress(out);
  const status = new StatusLine(out);
  let lastPhase: MirrorProgress["phase"] | undefined;
  const render = (p: MirrorProgress) => {
    if (out.json) {
      out.data({ type: "progress", ...p });
      return;
    }
    if (p.phase === "snapshot") {
      bar.update(p.pages, p.items, SNAPSHOT_PAGE);
    } else {
      if (lastPhase === "snapshot") bar.stop();
      // The clock only on a TTY, where the line is rewritten in place; in a pipe it would add a line per poll.
      const checked = out.animate ? ` · checked ${clockStamp()}` : "";
      const next =
        p.phase === "idle" && p.waitMs !== undefined
          ? ` · next check in ${Math.ceil(p.waitMs / 1000)} s`
          : "";
      const tail = options.follow ? `${next} (Ctrl-C to stop; resumable)` : "";
      status.set(
        `${options.follow ? "following" : "applying"} changes: ${p.items} items · ${p.changes ?? 0} changes applied${checked}${tail}`,
      );
    }
    lastPhase = p.phase;
  };
  const onProgress = (p: MirrorProgress) => {
    render(p);
    hooks.onProgress?.(p);
  };
  let summary: MirrorSummary;
  try {
    summary = await step(`mirror ${shown}`, () =>
      feedServices(ctx).mirror({
        dir: shown,
        store,
        fields: options.fields,
        follow: options.follow === true,
        intervalMs: secondsToMs(options.interval),
        signal: ctx.signal,
        onProgress,
      }),
    );
  } finally {
    bar.stop();
    status.done();
  }
  if (out.json) out.data({ type: "summary", ...summary });
  else {
    const how =
      summary.resumed && !summary.snapshotTaken
        ? "resumed from the saved cursor"
        : "snapshot taken";
    out.print(
      `${out.color.green("✔")} ${summary.items} selected items mirrored in ${summary.dir} (${how}; ${summary.changes} changes applied)`,
    );
  }
  return summary;
}
