import type { MirrorProgress } from "@feedgate/kit/mirror";
import { step } from "../cli/errors.js";
import { feedKitOf } from "../cli/feed-kit.js";
import { cliLogger } from "../cli/logger.js";
import type { CommandContext } from "../cli/runner.js";
import { type StoreRef, storeRefOf } from "../cli/store-ref.js";
import { SnapshotProgress, StatusLine } from "../render/progress.js";
import type { COMMANDS } from "./index.js";
import type { OptionsOf } from "./spec.js";
import { clockStamp, secondsToMs } from "./watch-util.js";

type MirrorOptions = OptionsOf<typeof COMMANDS.mirror>;

/** What `feedgate mirror` reports when it ends (`dir`: the directory, or the URL masked). */
export type MirrorSummary = Awaited<ReturnType<typeof mirrorInto>>;

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
  const store = await storeRefOf(dir, options, ctx.env, out, ctx.stdin);
  const shown = store.kind === "dir" ? store.dir : store.shown;
  const bar = new SnapshotProgress(out);
  const status = new StatusLine(out);
  let lastPhase: MirrorProgress["phase"] | undefined;
  const onProgress = (p: MirrorProgress) => {
    if (out.json) out.data({ type: "progress", ...p });
    else if (p.phase === "snapshot") bar.update(p.pages, p.items, SNAPSHOT_PAGE);
    else {
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
    hooks.onProgress?.(p);
  };
  let summary: MirrorSummary;
  try {
    summary = await step(`mirror ${shown}`, () =>
      mirrorInto(ctx, store, shown, options, onProgress),
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

/**
 * Opens the store, brings it up to date with the kit's mirror (once, or following until Ctrl-C)
 * and closes it. Without `--fields`, the copy keeps the projection it has.
 */
async function mirrorInto(
  ctx: CommandContext,
  ref: StoreRef,
  shown: string,
  options: MirrorOptions,
  onProgress: (progress: MirrorProgress) => void,
) {
  // Loaded here: only the mirror command needs the mirror and the store.
  const { createSelectedMirror } = await import("@feedgate/kit/mirror");
  const store =
    ref.kind === "postgres"
      ? await (await import("@feedgate/postgres")).openPostgresStore({ url: ref.url })
      : await (await import("@feedgate/kit/node")).openFileStore(ref.dir);
  try {
    const state = await store.getState();
    const resumed = state.cursor !== undefined;
    // A projection different from the copy's means a new snapshot: said once.
    const fields = options.fields ?? state.fields ?? "default";
    if (state.fields !== undefined && fields !== state.fields) {
      ctx.out.note(
        `feedgate: ${shown} holds --fields ${state.fields}; taking a new snapshot with --fields ${fields} (its items will be replaced)`,
      );
    }
    let snapshotPages = 0;
    const intervalMs = secondsToMs(options.interval);
    const mirror = createSelectedMirror({
      client: feedKitOf(ctx).client,
      store,
      fields,
      signal: ctx.signal,
      logger: cliLogger(ctx).logger,
      ...(intervalMs === undefined ? {} : { intervalMs }),
      onProgress: (p) => {
        if (p.phase === "snapshot") snapshotPages = p.pages;
        onProgress(p);
      },
    });
    if (options.follow) await mirror.follow({ signal: ctx.signal });
    else await mirror.sync({ signal: ctx.signal });
    return {
      dir: shown,
      fields,
      items: await store.count(),
      resumed,
      snapshotTaken: mirror.stats.snapshots > 0 || snapshotPages > 0,
      changes: mirror.stats.changes,
    };
  } finally {
    await store.close();
  }
}
