import type { Command } from "commander";
import { examples } from "../cli/help.js";
import { integerArg, portArg } from "../cli/parse.js";
import type { Runner } from "../cli/runner.js";
import { DEFAULT_MAX_BODY_BYTES } from "./record-har.js";

export function registerRecord(program: Command, runner: Runner): void {
  const command = program
    .command("record")
    .description(
      "a recording proxy on 127.0.0.1 in front of the feed or the gateway: writes every exchange to a HAR 1.2 file, credentials removed, until Ctrl-C",
    )
    .requiredOption("--target <url>", "where requests go (the service's origin)")
    .requiredOption("--out <file>", "the HAR file to write (rewritten after every exchange)")
    .option("--port <n>", "the proxy's port on 127.0.0.1 (default: a free port)", portArg)
    .option(
      "--max-body <bytes>",
      `the most of each body kept in the file; the rest is passed on, not kept (default ${DEFAULT_MAX_BODY_BYTES})`,
      integerArg,
    )
    .option("--json", "print the proxy's URL as one JSON document")
    .action(runner.lazy(() => import("./record-run.js"), "runRecord"));
  examples(command, [
    "feedgate record --target https://aihot.virxact.com --out feed.har",
    "feedgate record --target $FEEDGATE_GATEWAY_URL --port 8788 --out calls.har",
  ]);
}
