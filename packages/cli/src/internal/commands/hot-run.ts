import { step } from "../cli/errors.js";
import { feedKitOf } from "../cli/feed-kit.js";
import type { Body } from "../cli/runner.js";
import type { READS } from "./reads.js";
import type { OptionsOf } from "./spec.js";
import { clockStamp, renderersAfter, secondsToMs, untilAborted } from "./watch-util.js";

type HotOptions = OptionsOf<typeof READS.hot>;

/** `feedgate hot`: the top 10 now, or redrawn whenever it changes. */
export const runHot: Body<HotOptions> = async (ctx, options) => {
  const kit = feedKitOf(ctx);
  const { out } = ctx;
  // The table code loads while the answer is on its way: the request goes out first.
  const answer = options.watch
    ? undefined
    : step("hot topics", () => kit.hotTopics({ signal: ctx.signal }));
  const [{ hotTopicsFingerprint, renderHotTopics }, { HOT_TOPICS, renderable }] =
    await renderersAfter(answer, () =>
      Promise.all([import("../render/hot.js"), import("../render/shapes.js")]),
    );
  if (answer) {
    const { data, meta } = await answer;
    out.verbose(`hot topics: ETag ${meta.etag ?? "-"}, Cache-Control ${meta.cacheControl ?? "-"}`);
    if (out.json) out.data(data);
    else out.print(renderHotTopics(renderable(data, HOT_TOPICS, "hot topics", meta), out));
    return;
  }
  let last: string | undefined;
  await untilAborted(ctx.signal, () =>
    step("watching hot topics", async () => {
      const intervalMs = secondsToMs(options.interval);
      for await (const { data, meta } of kit.watchHotTopics({
        signal: ctx.signal,
        ...(intervalMs === undefined ? {} : { intervalMs }),
      })) {
        out.verbose(
          `hot topics: new version, ETag ${meta.etag ?? "-"}, Cache-Control ${meta.cacheControl ?? "-"}`,
        );
        const fingerprint = hotTopicsFingerprint(data);
        if (fingerprint === last) continue;
        last = fingerprint;
        if (out.json) {
          out.data(data);
          continue;
        }
        // On a terminal, redraw in place; in a pipe, append each new version under a stamp.
        out.clearScreen();
        out.print(out.color.dim(`hot topics at ${clockStamp()} (watching; Ctrl-C to stop)`));
        out.print(renderHotTopics(renderable(data, HOT_TOPICS, "hot topics", meta), out));
      }
    }),
  );
};
