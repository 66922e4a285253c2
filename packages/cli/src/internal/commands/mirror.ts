import { FEED_RULES } from "@feedgate/feed-client/rules";
import type { Body } from "../cli/runner.js";
import { STORE_FILE_HELP, STORE_HELP } from "../cli/store-ref.js";
import type { CommandSpec, OptionSpec } from "./spec.js";

/** The read subcommands' filters and store options. */
const FILTERS: readonly OptionSpec[] = [
  ["--category <key>", "only this category"],
  [
    "--since <time>",
    "only items published (else discovered) at or after this ISO 8601 date or date-time",
  ],
  ["--q <text>", "only items whose title or summary contains this text (case-insensitive)"],
  [
    "--store <url>",
    `read a fleet's copy instead of a directory: ${STORE_HELP}. Env FEEDGATE_STORE`,
  ],
  ["--store-file <path>", STORE_FILE_HELP],
];
const DIR = ["[dir]", "the mirror's directory or postgres:// URL"] as const;
const read = (name: "runMirrorLs" | "runMirrorShow" | "runMirrorExport") => async () =>
  (await import("./mirror-read-run.js"))[name] as Body;

export const mirror: CommandSpec = {
  name: "mirror",
  description:
    "keep a local copy of the selected set in a directory: snapshot, then changes; resumable after Ctrl-C or a crash. Read it with mirror ls / show / export",
  args: [
    [
      "[dir]",
      "directory of the local copy (created if missing), or a postgres:// URL (seen in the process list: prefer FEEDGATE_STORE); default --store / FEEDGATE_STORE",
    ],
  ],
  options: [
    ["--store <url>", `the copy a fleet shares: ${STORE_HELP}. Env FEEDGATE_STORE`],
    ["--store-file <path>", STORE_FILE_HELP],
    [
      "--fields <fields>",
      "full items or the minimal projection (fixed at the first snapshot)",
      FEED_RULES.operations.selectedSnapshot.params.fields.enum,
    ],
    ["--follow", "keep following changes until Ctrl-C"],
    [
      "--interval <seconds>",
      "seconds between change polls when following (default: the service's s-maxage)",
      "seconds",
    ],
    ["--json", "JSON lines: progress, then a summary"],
  ],
  examples: [
    "feedgate mirror ./selected",
    "feedgate mirror ./selected --follow",
    "feedgate mirror ls ./selected --category paper --since 2026-11-20",
    "feedgate mirror show ./selected <id>",
    "feedgate mirror export ./selected > selected.ndjson",
  ],
  body: async () => (await import("./mirror-run.js")).runMirror as unknown as Body,
  subcommands: [
    {
      name: "ls",
      description: "list the local copy, newest first (no network)",
      args: [DIR],
      options: [...FILTERS, ["--json", "one JSON array"], ["--ndjson", "one JSON object per line"]],
      body: read("runMirrorLs"),
    },
    {
      name: "show",
      description: "one item of the local copy (no network)",
      args: [
        ["<dir>", DIR[1]],
        ["<id>", "the item's id"],
      ],
      options: [
        ["--json", "the item as JSON"],
        ["--store <url>", "(unused with a URL argument) a fleet's PostgreSQL copy"],
        ["--store-file <path>", `(unused with a URL argument) ${STORE_FILE_HELP}`],
      ],
      body: read("runMirrorShow"),
    },
    {
      name: "export",
      description:
        "write the local copy to stdout: NDJSON, or one JSON array with --json (no network)",
      args: [DIR],
      options: [
        ...FILTERS,
        ["--json", "one JSON array"],
        ["--ndjson", "one JSON object per line (the default)"],
      ],
      body: read("runMirrorExport"),
    },
  ],
};
