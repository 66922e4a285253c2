import { FEED_RULES } from "@feedgate/feed-client/rules";
import { type Command, Option } from "commander";
import { examples } from "../cli/help.js";
import { secondsArg } from "../cli/parse.js";
import type { Runner } from "../cli/runner.js";
import { STORE_FILE_HELP, STORE_HELP } from "../cli/store-ref.js";

export function registerMirror(program: Command, runner: Runner): void {
  const command = program
    .command("mirror")
    .description(
      "keep a local copy of the selected set in a directory: snapshot, then changes; resumable after Ctrl-C or a crash. Read it with mirror ls / show / export",
    )
    .argument(
      "[dir]",
      "directory of the local copy (created if missing), or a postgres:// URL (seen in the process list: prefer FEEDGATE_STORE); default --store / FEEDGATE_STORE",
    )
    .option("--store <url>", `the copy a fleet shares: ${STORE_HELP}. Env FEEDGATE_STORE`)
    .option("--store-file <path>", STORE_FILE_HELP)
    .addOption(
      new Option(
        "--fields <fields>",
        "full items or the minimal projection (fixed at the first snapshot)",
      ).choices(FEED_RULES.operations.selectedSnapshot.params.fields.enum),
    )
    .option("--follow", "keep following changes until Ctrl-C")
    .option(
      "--interval <seconds>",
      "seconds between change polls when following (default: the service's s-maxage)",
      secondsArg,
    )
    .option("--json", "JSON lines: progress, then a summary")
    .action(runner.lazy(() => import("./mirror-run.js"), "runMirror"));
  examples(command, [
    "feedgate mirror ./selected",
    "feedgate mirror ./selected --follow",
    "feedgate mirror ls ./selected --category paper --since 2026-11-20",
    "feedgate mirror show ./selected <id>",
    "feedgate mirror export ./selected > selected.ndjson",
  ]);
  const filters = (sub: Command) =>
    sub
      .option("--category <key>", "only this category")
      .option(
        "--since <time>",
        "only items published (else discovered) at or after this ISO 8601 date or date-time",
      )
      .option(
        "--q <text>",
        "only items whose title or summary contains this text (case-insensitive)",
      )
      .option(
        "--store <url>",
        `read a fleet's copy instead of a directory: ${STORE_HELP}. Env FEEDGATE_STORE`,
      )
      .option("--store-file <path>", STORE_FILE_HELP);
  const run = () => import("./mirror-read-run.js");
  filters(
    command
      .command("ls")
      .description("list the local copy, newest first (no network)")
      .argument("[dir]", "the mirror's directory or postgres:// URL"),
  )
    .option("--json", "one JSON array")
    .option("--ndjson", "one JSON object per line")
    .action(runner.lazy(run, "runMirrorLs"));
  command
    .command("show")
    .description("one item of the local copy (no network)")
    .argument("<dir>", "the mirror's directory or postgres:// URL")
    .argument("<id>", "the item's id")
    .option("--json", "the item as JSON")
    .option("--store <url>", "(unused with a URL argument) a fleet's PostgreSQL copy")
    .option("--store-file <path>", `(unused with a URL argument) ${STORE_FILE_HELP}`)
    .action(runner.lazy(run, "runMirrorShow"));
  filters(
    command
      .command("export")
      .description(
        "write the local copy to stdout: NDJSON, or one JSON array with --json (no network)",
      )
      .argument("[dir]", "the mirror's directory or postgres:// URL"),
  )
    .option("--json", "one JSON array")
    .option("--ndjson", "one JSON object per line (the default)")
    .action(runner.lazy(run, "runMirrorExport"));
}
