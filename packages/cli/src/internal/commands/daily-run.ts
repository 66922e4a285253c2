import { step } from "../cli/errors.js";
import { feedKitOf } from "../cli/feed-kit.js";
import type { Body } from "../cli/runner.js";
import type { READS } from "./reads.js";
import type { OptionsOf } from "./spec.js";
import { renderersAfter } from "./watch-util.js";

const renderers = () => Promise.all([import("../render/daily.js"), import("../render/shapes.js")]);

type DailyOptions = OptionsOf<typeof READS.daily>;

/** `feedgate daily [latest | YYYY-MM-DD]`. */
export const runDaily: Body<DailyOptions> = async (ctx, _options, date = "latest") => {
  const { out } = ctx;
  const kit = feedKitOf(ctx);
  const call = { signal: ctx.signal };
  const answer = step(`daily report ${date}`, () =>
    date === "latest" ? kit.latestDaily(call) : kit.dailyByDate(date, call),
  );
  const [{ renderDaily }, { DAILY_REPORT, renderable }] = await renderersAfter(answer, renderers);
  const { data } = await answer;
  if (out.json) out.data(data);
  else out.print(renderDaily(renderable(data.report, DAILY_REPORT, "daily report"), out));
};

type DailiesOptions = OptionsOf<typeof READS.dailies>;

/** `feedgate dailies [--limit N]`. */
export const runDailies: Body<DailiesOptions> = async (ctx, options) => {
  const { out } = ctx;
  const { limit } = options;
  const answer = step("daily reports", () =>
    feedKitOf(ctx).dailies(limit === undefined ? undefined : { limit }, { signal: ctx.signal }),
  );
  const [{ renderDailies }, { DAILIES, renderable }] = await renderersAfter(answer, renderers);
  const { data } = await answer;
  if (out.json) out.data(data);
  else out.print(renderDailies(renderable(data, DAILIES, "daily reports"), out));
};
