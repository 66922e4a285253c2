import type { Body } from "../cli/runner.js";
import { STORE_FILE_HELP, STORE_HELP } from "../cli/store-ref.js";
import type { CommandSpec } from "./spec.js";

export const fleet: CommandSpec = {
  name: "fleet",
  description:
    "join a fleet that shares one copy through PostgreSQL: one member polls each resource, the others take over when it stops",
  options: [
    [
      "--store <url>",
      `the fleet's ${STORE_HELP}. Env FEEDGATE_STORE; its password is never printed`,
    ],
    ["--store-file <path>", STORE_FILE_HELP],
    [
      "--resources <list>",
      "what this member may lead: mirror,hotTopics,codexResetsRecent,latestDaily (default: all)",
    ],
    ["--json", "leadership changes and failures as JSON lines"],
  ],
  examples: [
    "FEEDGATE_STORE=postgres://feedgate:…@db:5432/feedgate feedgate fleet",
    "feedgate fleet --store-file /run/secrets/feedgate-store --resources mirror",
    "pass show feedgate/store | feedgate fleet --store -",
  ],
  body: async () => (await import("./fleet-run.js")).runFleet as Body,
};
