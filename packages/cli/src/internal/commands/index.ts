import { FEED_RULES } from "@feedgate/feed-client/rules";
import { completionScript, SHELLS, type Shell } from "../cli/completion.js";
import { CHECK_TIMEOUT_SECONDS, DEFAULT_IMAGE_MODEL, DEFAULT_MODEL } from "../cli/config.js";
import { VERSION } from "../version.js";
import { READS } from "./reads.js";
import { DEFAULT_MAX_BODY_BYTES } from "./record-har.js";
import type { CommandSpec, OptionsOf } from "./spec.js";

/** The items operation's parameters: choices, bounds and category keys as the feed document declares them. */
const { mode, window, by, q, limit, category } = FEED_RULES.operations.items.params;

/** What every `--store` says: what the flag shows to other users of the machine. */
const STORE_HELP =
  "a PostgreSQL URL (postgres://user:password@host:5432/db), or - to read it from stdin. A URL on the command line, password included, is visible to every user of the machine in the process list: prefer FEEDGATE_STORE, --store-file or --store -";
const STORE_FILE = [
  "--store-file <path>",
  "read the PostgreSQL URL from this file (its first line), keeping the password out of the process list",
] as const;
/** `--store`, with its help, and `--store-file`. */
const storeOptions = <Help extends string>(help: Help) =>
  [["--store <url>", help], STORE_FILE] as const;

/** The mirror's read subcommands' filters and store options. */
const FILTERS = [
  ["--category <key>", "only this category"],
  [
    "--since <time>",
    "only items published (else discovered) at or after this ISO 8601 date or date-time",
  ],
  ["--q <text>", "only items whose title or summary contains this text (case-insensitive)"],
  ...storeOptions(`read a fleet's copy instead of a directory: ${STORE_HELP}. Env FEEDGATE_STORE`),
] as const;
const DIR = ["[dir]", "the mirror's directory or postgres:// URL"] as const;

/** The prompt and model of the commands that ask a model (respond, generate). */
const PROMPT = [["<prompt>", "the input text"]] as const;
const MODEL = ["--model <model>", `model (env FEEDGATE_MODEL; default ${DEFAULT_MODEL})`] as const;
const FORCE = [
  "--force",
  "replace files of the same name (default: fail and name the file)",
] as const;
const PORT = "--port <n>";

/**
 * Every command, in the order `--help` lists them, declared once as data (`as const`): the one
 * list. Help, completion and usage hints are read from the program built from it, and each body's
 * options are typed from its declaration ({@link OptionsOf}).
 */
export const COMMANDS = {
  hot: READS.hot,
  items: {
    description: "recent items: one page, --limit N items across pages, or every page with --all",
    options: [
      ["--mode <mode>", "editorial picks or everything listed", mode.enum],
      ["--category <key>", `one category (e.g. ${category.examples.join(", ")})`],
      ["--window <window>", "how far back", window.enum],
      ["--by <order>", "sort by the site's timeline or by publication time", by.enum],
      ["--q <text>", `search text, ${q.minLength} to ${q.maxLength} characters`],
      ["--limit <n>", "print at most n items, fetching pages as needed (as gh does)", "integer"],
      [
        "--page-size <n>",
        `items per request, ${limit.minimum} to ${limit.maximum} (service default ${limit.default})`,
        "integer",
      ],
      ["--all", "fetch every page (restarts transparently when a cursor expires)"],
      ["--max-pages <n>", "stop a paged walk after n pages (default 1000)", "integer"],
      [
        "--json",
        "one page: the service's JSON document; --all or --limit: one item per line (NDJSON)",
      ],
    ],
    examples: [
      "feedgate items",
      "feedgate items --limit 200",
      "feedgate items --mode all --window 24h --all",
      "feedgate items --q 'open source' --by published --page-size 20",
      "feedgate items --category paper --all --json | jq .title",
    ],
  },
  story: READS.story,
  daily: READS.daily,
  dailies: READS.dailies,
  resets: READS.resets,
  mirror: {
    description:
      "keep a local copy of the selected set in a directory: snapshot, then changes; resumable after Ctrl-C or a crash. Read it with mirror ls / show / export",
    args: [
      [
        "[dir]",
        "directory of the local copy (created if missing), or a postgres:// URL (seen in the process list: prefer FEEDGATE_STORE); default --store / FEEDGATE_STORE",
      ],
    ],
    options: [
      ...storeOptions(`the copy a fleet shares: ${STORE_HELP}. Env FEEDGATE_STORE`),
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
    subcommands: {
      ls: {
        description: "list the local copy, newest first (no network)",
        args: [DIR],
        options: [
          ...FILTERS,
          ["--json", "one JSON array"],
          ["--ndjson", "one JSON object per line"],
        ],
      },
      show: {
        description: "one item of the local copy (no network)",
        args: [
          ["<dir>", DIR[1]],
          ["<id>", "the item's id"],
        ],
        options: [
          ["--json", "the item as JSON"],
          ["--store <url>", "(unused with a URL argument) a fleet's PostgreSQL copy"],
          [STORE_FILE[0], `(unused with a URL argument) ${STORE_FILE[1]}`],
        ],
      },
      export: {
        description:
          "write the local copy to stdout: NDJSON, or one JSON array with --json (no network)",
        args: [DIR],
        options: [
          ...FILTERS,
          ["--json", "one JSON array"],
          ["--ndjson", "one JSON object per line (the default)"],
        ],
      },
    },
  },
  fleet: {
    description:
      "join a fleet that shares one copy through PostgreSQL: one member polls each resource, the others take over when it stops",
    options: [
      ...storeOptions(
        `the fleet's ${STORE_HELP}. Env FEEDGATE_STORE; its password is never printed`,
      ),
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
  },
  image: {
    description:
      "generate images through the gateway; polls the task with a spinner, writes the files and prints their paths",
    args: [["[prompt]", "what to draw (none with --task)"]],
    options: [
      ["--model <model>", `image model (env FEEDGATE_IMAGE_MODEL; default ${DEFAULT_IMAGE_MODEL})`],
      ["--resolution <r>", "e.g. 1K, 2K, 4K (Kling: 1k/2k; Vidu: 1080p)"],
      [
        "--aspect <ratio>",
        "aspect ratio, e.g. 16:9 (not for Seedream, Hunyuan, Qwen: put it in the prompt)",
      ],
      ["--quality <q>", "GPT-image quality: low, medium or high"],
      ["--n <n>", "how many images", "integer"],
      ["--image <url>", "a reference image URL (repeat for several)", "collect"],
      [
        "--region <region>",
        "where the reference images are hosted",
        ["Mainland", "Oversea", "OverseaUSWest"],
      ],
      ["--panorama", "a 3D panorama (Hunyuan): model and prompt only"],
      ["--async", "submit a task and poll it (every 5 s) instead of waiting on one request"],
      [
        "--out <dir>",
        "where to write the images (default: the current directory); names are <task id>-<n>.<ext>",
      ],
      FORCE,
      [
        "--download-timeout <seconds>",
        "fail a download with no data for this long (default: 60)",
        "integer",
      ],
      [
        "--task <id>",
        "resume waiting for a task submitted earlier (its id, as printed) and save its images; no prompt",
      ],
      ["--json", "print the task (or result) and the written files as JSON"],
    ],
    examples: [
      "feedgate image 'a lighthouse at dawn, watercolour' --aspect 16:9 --async --out ./art",
      "feedgate image 'the same, brighter' --image https://example.com/ref.png --region Oversea",
      "feedgate image 'a product shot' --model GPT-image-2 --quality low --n 3",
      "feedgate image 'a mountain valley' --model Hunyuan-3d-2.0 --panorama",
      "feedgate image --task task_01HZX9 --out ./art",
    ],
  },
  respond: {
    description:
      "ask a model through the gateway's Responses API; --stream prints the text as it arrives (Ctrl-C cancels)",
    args: PROMPT,
    options: [
      MODEL,
      ["--stream", "stream the answer as it is generated"],
      ["--json", "print the Response object (with --stream: one JSON line per event)"],
    ],
    examples: [
      "feedgate respond 'Summarise the news in one line'",
      "feedgate respond 'Write a haiku' --stream",
      "feedgate respond 'Hello' --model gpt-4.1-mini --json",
    ],
  },
  generate: {
    description:
      "ask a model through the gateway's contents-based (Gemini-style) generateContent route: prints the text, writes any images like `feedgate image`",
    args: PROMPT,
    options: [
      MODEL,
      ["--images", "ask for images too (responseModalities TEXT and IMAGE)"],
      ["--stream", "stream the answer (streamGenerateContent): text printed as it arrives"],
      [
        "--out <dir>",
        "where to write the images (default: the current directory); names are <response id>-<n>.<ext>",
      ],
      FORCE,
      ["--json", "print the answer (inline image data left out) and the written files as JSON"],
    ],
    examples: [
      "feedgate generate 'Explain ETags in one line'",
      "feedgate generate 'a lighthouse at dawn' --model Nano-Banana2 --images --out ./art",
      "feedgate generate 'Write a haiku' --stream",
    ],
  },
  tokens: {
    description: "count the input tokens of a text for a model",
    args: [["[text]", "the text to count (or --file)"]],
    options: [
      ["--file <path>", "read the text from a file"],
      [
        "--model <model>",
        `model to count for (env FEEDGATE_MODEL; default ${DEFAULT_MODEL}, as respond)`,
      ],
      [
        "--protocol <protocol>",
        "which counting endpoint: OpenAI-style responses or Anthropic-style messages",
        ["responses", "messages"],
        "responses",
      ],
      ["--json", "print the gateway's JSON answer"],
    ],
    examples: [
      "feedgate tokens 'How long is this?' --model gpt-5.2",
      "feedgate tokens --file prompt.txt --model claude-sonnet-4-5 --protocol messages",
    ],
  },
  mcp: {
    description:
      "serve the feed to agents as a Model Context Protocol server: over stdio (the default), or Streamable HTTP on 127.0.0.1 with --http",
    options: [
      ["--http", "serve Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio"],
      [PORT, "the HTTP port (default: a free one, printed on stderr)", "port"],
      [
        "--token <token>",
        "HTTP only: require 'Authorization: Bearer <token>'; prefer env FEEDGATE_MCP_TOKEN, as an option shows in the process list",
      ],
      [
        "--allow-origin <origin>",
        "HTTP only: also accept requests from this Origin (repeatable; default: the server's own)",
        "collect",
      ],
      [
        "--mirror <dir>",
        "add search_local: offline search over the copy `feedgate mirror <dir>` keeps",
      ],
      ...storeOptions(
        `add search_local over a fleet's PostgreSQL copy, or a directory: ${STORE_HELP} (with --http only). Env FEEDGATE_STORE`,
      ),
    ],
    examples: [
      "feedgate mcp",
      "feedgate mcp --mirror ./selected",
      'FEEDGATE_MCP_TOKEN="$(cat token-file)" feedgate mcp --http --port 8765',
    ],
  },
  mock: {
    description:
      "run the seeded fake feed and/or gateway servers on 127.0.0.1 until Ctrl-C, printing their URLs",
    args: [["[which]", "which fake to run", "all", ["feed", "gateway", "all"]]],
    options: [
      [PORT, "the feed fake on port n, the gateway fake on n+1 (default: free ports)", "port"],
      ["--feed-port <n>", "the feed fake's port", "port"],
      ["--gateway-port <n>", "the gateway fake's port", "port"],
      [
        "--replay <file>",
        "answer the requests a HAR file holds with their recorded answers (checked against the documents on load)",
      ],
      [
        "--replay-speed <speed>",
        "recorded streams: at once, or at their recorded pace",
        ["instant", "recorded"],
        "instant",
      ],
      ["--json", "print the URLs as one JSON document"],
    ],
    examples: [
      "feedgate mock",
      "feedgate mock --port 4010",
      "feedgate mock feed",
      "feedgate mock --replay calls.har --replay-speed recorded",
      "FEEDGATE_API_KEY=sk-test feedgate mock gateway",
    ],
    // Loaded on use, as every body: the fake servers are not needed by any other command.
  },
  record: {
    description:
      "a recording proxy on 127.0.0.1 in front of the feed or the gateway: writes every exchange to a HAR 1.2 file, credentials removed, until Ctrl-C",
    options: [
      ["--target <url>", "where requests go (the service's origin; required)"],
      ["--out <file>", "the HAR file to write, rewritten after every exchange (required)"],
      [PORT, "the proxy's port on 127.0.0.1 (default: a free port)", "port"],
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
  },
  check: {
    description:
      "compare the live services with their documents: status, the headers the kit relies on, and body; a drift report, exit 1 on drift",
    options: [
      [
        "--live",
        "call the services (each read-only feed operation once; the gateway's free ones with --gateway-url)",
      ],
      [
        "--spend",
        "also one minimal billed gateway call per family (a streamed response, a streamed Gemini answer)",
      ],
      [
        "--timeout <seconds>",
        `the most any one call may take (default ${CHECK_TIMEOUT_SECONDS})`,
        "seconds",
      ],
      ["--json", "print the report as one JSON document"],
    ],
    examples: [
      "feedgate check --live",
      "feedgate check --live --feed-url http://127.0.0.1:4010 --json",
      "FEEDGATE_API_KEY=… feedgate check --live --gateway-url https://omnirouters.com",
    ],
  },
  demo: {
    description:
      "the guided tour: starts embedded fake servers and runs every capability (under 30 s, nothing left running)",
    examples: ["feedgate demo", "NO_COLOR=1 feedgate demo > demo.txt"],
  },
  version: {
    description: "print the version",
    action: (_, runner) => () => void runner.streams.stdout.write(`${VERSION}\n`),
  },
  completion: {
    description: "print a shell completion script: feedgate completion bash >> ~/.bashrc",
    args: [["<shell>", "the shell", undefined, SHELLS]],
    // Read from the program itself, every command registered: the script never drifts from it.
    action: (program, runner) => (shell: Shell) =>
      void runner.streams.stdout.write(completionScript(program, shell)),
  },
} as const satisfies Readonly<Record<string, CommandSpec>>;
