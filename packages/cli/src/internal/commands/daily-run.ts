import type { CommandContext } from "../cli/context.js";
import { step } from "../cli/errors.js";
import { feedKitOf } from "../cli/feed-kit.js";
import { renderersAfter } from "./watch-util.js";

const renderers = () => Promise.all([import("../render/daily.js"), import("../render/shapes.js")]);

export interface DailyOptions {
  json?: boolean;
}

/** `feedgate daily [latest | YYYY-MM-DD]`. */
export async function runDaily(
  ctx: CommandContext,
  _options: DailyOptions,
  date = "latest",
): Promise<void> {
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
}

export interface DailiesOptions {
  limit?: number;
  json?: boolean;
}

/** `feedgate dailies [--limit N]`. */
export async function runDailies(ctx: CommandContext, options: DailiesOptions): Promise<void> {
  const { out } = ctx;
  const { limit } = options;
  const answer = step("daily reports", () =>
    feedKitOf(ctx).dailies(limit === undefined ? undefined : { limit }, { signal: ctx.signal }),
  );
  const [{ renderDailies }, { DAILIES, renderable }] = await renderersAfter(answer, renderers);
  const { data } = await answer;
  if (out.json) out.data(data);
  else out.print(renderDailies(renderable(data, DAILIES, "daily reports"), out));
}
