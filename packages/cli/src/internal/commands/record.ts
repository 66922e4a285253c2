import type { Body } from "../cli/runner.js";
import { DEFAULT_MAX_BODY_BYTES } from "./record-har.js";
import type { CommandSpec } from "./spec.js";

export const record: CommandSpec = {
  name: "record",
  description:
    "a recording proxy on 127.0.0.1 in front of the feed or the gateway: writes every exchange to a HAR 1.2 file, credentials removed, until Ctrl-C",
  options: [
    ["--target <url>", "where requests go (the service's origin; required)"],
    ["--out <file>", "the HAR file to write, rewritten after every exchange (required)"],
    ["--port <n>", "the proxy's port on 127.0.0.1 (default: a free port)", "port"],
    [
      "--max-body <bytes>",
      `the most of each body kept in the file; the rest is passed on, not kept (default ${DEFAULT_MAX_BODY_BYTES})`,
      "integer",
    ],
    ["--json", "print the proxy's URL as one JSON document"],
  ],
  examples: [
    "feedgate record --target https://aihot.virxact.com --out feed.har",
    "feedgate record --target $FEEDGATE_GATEWAY_URL --port 8788 --out calls.har",
  ],
  body: async () => (await import("./record-run.js")).runRecord as Body,
};
