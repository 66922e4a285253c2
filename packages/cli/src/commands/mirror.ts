import { Option, type Command } from "commander";
import { secondsArg } from "../cli/parse.js";
import type { Wire } from "../cli/wire.js";
import { examples } from "../cli/help.js";
import type { MirrorOptions } from "./mirror-run.js";

export function registerMirror(program: Command, wire: Wire): void {
  const command = program
    .command("mirror")
    .description("keep a local copy of the selected set in a directory: snapshot, then changes; resumable after Ctrl-C or a crash")
    .argument("<dir>", "directory of the local copy (created if missing)")
    .addOption(new Option("--fields <fields>", "full items or the minimal projection (fixed at the first snapshot)").choices(["default", "minimal"]))
    .option("--follow", "keep following changes until Ctrl-C")
    .addOption(new Option("--interval <seconds>", "seconds between change polls when following (default: the service's s-maxage)").argParser(secondsArg))
    .option("--json", "JSON lines: progress, then a summary")
    .action(wire.action<MirrorOptions>(async (ctx, options, dir) => void (await (await import("./mirror-run.js")).runMirror(ctx, options, dir!))));
  examples(command, ["feedgate mirror ./selected", "feedgate mirror ./selected --follow", "feedgate mirror ./selected --fields minimal --json"]);
}
