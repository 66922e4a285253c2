import type { Command } from "commander";
import { examples } from "../cli/help.js";
import type { Runner } from "../cli/runner.js";
import { STORE_FILE_HELP, STORE_HELP } from "../cli/store-ref.js";

export function registerFleet(program: Command, runner: Runner): void {
  const command = program
    .command("fleet")
    .description(
      "join a fleet that shares one copy through PostgreSQL: one member polls each resource, the others take over when it stops",
    )
    .option(
      "--store <url>",
      `the fleet's ${STORE_HELP}. Env FEEDGATE_STORE; its password is never printed`,
    )
    .option("--store-file <path>", STORE_FILE_HELP)
    .option(
      "--resources <list>",
      "what this member may lead: mirror,hotTopics,codexResetsRecent,latestDaily (default: all)",
    )
    .option("--json", "leadership changes and failures as JSON lines")
    .action(runner.lazy(() => import("./fleet-run.js"), "runFleet"));
  examples(command, [
    "FEEDGATE_STORE=postgres://feedgate:…@db:5432/feedgate feedgate fleet",
    "feedgate fleet --store-file /run/secrets/feedgate-store --resources mirror",
    "pass show feedgate/store | feedgate fleet --store -",
  ]);
}
