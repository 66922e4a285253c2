import { step } from "../cli/errors.js";
import { feedKitOf } from "../cli/feed-kit.js";
import type { Body } from "../cli/runner.js";
import type { READS } from "./reads.js";
import type { OptionsOf } from "./spec.js";
import { clockStamp, type Poll, renderersAfter, watchEach } from "./watch-util.js";

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
  const watch = (poll: Poll) => kit.watchHotTopics(poll);
  await watchEach(ctx.signal, "watching hot topics", options.interval, watch, ({ data, meta }) => {
    out.verbose(
      `hot topics: new version, ETag ${meta.etag ?? "-"}, Cache-Control ${meta.cacheControl ?? "-"}`,
    );
    const fingerprint = hotTopicsFingerprint(data);
    if (fingerprint === last) return;
    last = fingerprint;
    if (out.json) return out.data(data);
    // On a terminal, redraw in place; in a pipe, append each new version under a stamp.
    out.clearScreen();
    out.print(out.color.dim(`hot topics at ${clockStamp()} (watching; Ctrl-C to stop)`));
    out.print(renderHotTopics(renderable(data, HOT_TOPICS, "hot topics", meta), out));
  });
};
