import { Option, type Command } from "commander";
import type { CommandContext } from "../cli/context.js";
import { step } from "../cli/errors.js";
import { integerArg } from "../cli/parse.js";
import type { Wire } from "../cli/wire.js";
import { examples } from "../program.js";
import { renderDailies, renderDaily } from "../render/daily.js";
import { feedServices } from "../services/index.js";
import { cleanForTerminal } from "../cli/terminal-safe.js";

export interface DailyOptions {
  json?: boolean;
}

/** `feedgate daily [latest | YYYY-MM-DD]`. */
export async function runDaily(ctx: CommandContext, options: DailyOptions, date = "latest"): Promise<void> {
  const { out } = ctx;
  const data = await step(`daily report ${date}`, () => feedServices(ctx).daily(date, ctx.signal));
  if (out.json) out.data(data);
  else out.print(renderDaily(cleanForTerminal(data.report), out));
}

export interface DailiesOptions {
  limit?: number;
  json?: boolean;
}

/** `feedgate dailies [--limit N]`. */
export async function runDailies(ctx: CommandContext, options: DailiesOptions): Promise<void> {
  const { out } = ctx;
  const data = await step("daily reports", () => feedServices(ctx).dailies(options.limit, ctx.signal));
  if (out.json) out.data(data);
  else out.print(renderDailies(cleanForTerminal(data), out));
}

export function registerDaily(program: Command, wire: Wire): void {
  const daily = program
    .command("daily")
    .description("a daily report: the latest, or the one of a date")
    .argument("[date]", "latest, or a date as YYYY-MM-DD", "latest")
    .option("--json", "print the service's JSON document")
    .action(wire.action<DailyOptions>((ctx, options, date) => runDaily(ctx, options, date)));
  examples(daily, ["feedgate daily", "feedgate daily 2026-10-04", "feedgate daily latest --json"]);

  const dailies = program
    .command("dailies")
    .description("the index of daily reports, newest first")
    .addOption(new Option("--limit <n>", "how many, 1 to 180 (service default 30)").argParser(integerArg))
    .option("--json", "print the service's JSON document")
    .action(wire.action<DailiesOptions>((ctx, options) => runDailies(ctx, options)));
  examples(dailies, ["feedgate dailies", "feedgate dailies --limit 7 --json"]);
}
