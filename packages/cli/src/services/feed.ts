import type { CodexResetsResponse, ItemsQuery } from "@feedgate/feed-client";
import { diffResetEvents, type ResetChange as KitResetChange } from "@feedgate/kit/feed";
import type { CommandContext } from "../cli/context.js";
import type { ResetChange } from "../render/resets.js";
import { cliLogger, feedKitOf } from "./clients.js";
import type { FeedServices } from "./types.js";

/** The reset calendar's default watch interval: 5 minutes, the service's collection cadence. */
const RESETS_INTERVAL_MS = 5 * 60_000;

function changeOf(change: KitResetChange): ResetChange {
  return change.type === "removed"
    ? { kind: "removed", event: change.previous, reason: change.reason }
    : change.type === "changed"
      ? { kind: "changed", event: change.event, previous: change.previous }
      : { kind: "added", event: change.event };
}

/** The feed side of the CLI: thin calls into @feedgate/kit, which validates, retries and pages. */
export function feedServices(ctx: CommandContext): FeedServices {
  const kit = feedKitOf(ctx);
  return {
    async hotTopics(signal) {
      const { data, meta } = await kit.hotTopics({ signal });
      return { data, meta: meta };
    },
    async *watchHotTopics({ intervalMs, signal }) {
      for await (const version of kit.watchHotTopics({
        signal,
        ...(intervalMs === undefined ? {} : { intervalMs }),
      })) {
        yield { data: version.data, meta: version.meta };
      }
    },
    async *items(query, all, signal, maxPages) {
      const q: ItemsQuery = {};
      if (query.mode) q.mode = query.mode;
      if (query.category !== undefined) q.category = query.category;
      if (query.window) q.window = query.window;
      if (query.by) q.by = query.by;
      if (query.q !== undefined) q.q = query.q;
      if (query.limit !== undefined) q.limit = query.limit;
      for await (const page of kit.iterateItemPages(q, {
        signal,
        ...(maxPages === undefined ? {} : { maxPages }),
      })) {
        // The kit drops ids already yielded after a transparent restart; the page says so.
        yield {
          ...page.data,
          items: page.items,
          page: { ...page.data.page, count: page.items.length },
          restarts: page.restarts,
        };
        if (!all) return;
      }
    },
    async story(idOrUrl, signal) {
      const found = await kit.getStory(idOrUrl, { signal });
      return {
        data: { schemaVersion: 1, story: found.story },
        origin: {
          requestedId: found.requestedId,
          survivingId: found.survivingId,
          chain: found.mergedChain,
        },
      };
    },
    async daily(date, signal) {
      return (
        date === "latest"
          ? await kit.latestDaily({ signal })
          : await kit.dailyByDate(date, { signal })
      ).data;
    },
    async dailies(limit, signal) {
      return (await kit.dailies(limit === undefined ? undefined : { limit }, { signal })).data;
    },
    async resets(recent, signal) {
      return (recent ? await kit.codexResetsRecent({ signal }) : await kit.codexResets({ signal }))
        .data;
    },
    async *watchResets(recent, { intervalMs, signal }) {
      if (recent) {
        for await (const update of kit.watchResets({
          signal,
          intervalMs: intervalMs ?? RESETS_INTERVAL_MS,
        })) {
          yield { data: update.data, changes: update.changes.map(changeOf) };
        }
        return;
      }
      // The full calendar: the same conditional poller, diffed by event id here.
      let previous: CodexResetsResponse | undefined;
      for await (const version of kit.pollUntilChanged("codexResets", undefined, {
        signal,
        intervalMs: intervalMs ?? RESETS_INTERVAL_MS,
      })) {
        const changes = previous
          ? diffResetEvents(previous.events, version.data.events).map(changeOf)
          : [];
        previous = version.data;
        // Every new version: one with only new source posts or a new check time is news too.
        yield { data: version.data, changes };
      }
    },
    async mirror(options) {
      // Loaded here: only the mirror command needs the mirror and the file store.
      const { createSelectedMirror } = await import("@feedgate/kit/mirror");
      const ref = options.store;
      const store =
        ref.kind === "postgres"
          ? await (await import("@feedgate/postgres")).openPostgresStore({ url: ref.url })
          : await (await import("@feedgate/kit/node")).openFileStore(ref.dir);
      try {
        const state = await store.getState();
        const resumed = state.cursor !== undefined;
        // Without --fields, the copy keeps the projection it has; a different one means a new snapshot, said once.
        const fields = options.fields ?? state.fields ?? "default";
        if (state.fields !== undefined && fields !== state.fields) {
          ctx.out.note(
            `feedgate: ${options.dir} holds --fields ${state.fields}; taking a new snapshot with --fields ${fields} (its items will be replaced)`,
          );
        }
        let snapshotPages = 0;
        const mirror = createSelectedMirror({
          client: kit.client,
          store,
          fields,
          signal: options.signal,
          logger: cliLogger(ctx).logger,
          ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
          onProgress: (p) => {
            if (p.phase === "snapshot") snapshotPages = p.pages;
            options.onProgress(p);
          },
        });
        if (options.follow) await mirror.follow({ signal: options.signal });
        else await mirror.sync({ signal: options.signal });
        return {
          dir: options.dir,
          fields,
          items: await store.count(),
          resumed,
          snapshotTaken: mirror.stats.snapshots > 0 || snapshotPages > 0,
          changes: mirror.stats.changes,
        };
      } finally {
        await store.close();
      }
    },
  };
}
