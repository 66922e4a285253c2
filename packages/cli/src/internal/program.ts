import { Argument, Command, Option } from "commander";
import { DEFAULT_FEED_URL } from "./cli/config.js";
import type { Streams } from "./cli/output.js";
import { collect, integerArg, portArg, secondsArg } from "./cli/parse.js";
import type { Runner } from "./cli/runner.js";
import { bodyOf } from "./commands/bodies.js";
import { COMMANDS } from "./commands/index.js";
import type { CommandSpec, ValueRule } from "./commands/spec.js";
import { VERSION } from "./version.js";

const EXAMPLES = `
Examples:
  $ feedgate demo                         # every capability against embedded fake servers
  $ feedgate hot                          # the current top 10
  $ feedgate items --window 24h --all     # every selected item of the last day
  $ feedgate story 3f2c…                  # a story (merged ids are followed)
  $ feedgate resets --recent --watch      # the reset calendar, printing changes as they happen
  $ feedgate mirror ./selected --follow   # a local copy of the selected set, kept up to date
  $ FEEDGATE_GATEWAY_URL=… FEEDGATE_API_KEY=… feedgate respond "Hello" --stream

Configuration (flags win over the environment):
  --feed-url     FEEDGATE_FEED_URL      default ${DEFAULT_FEED_URL}
  --gateway-url  FEEDGATE_GATEWAY_URL   no default: gateway commands need it
  --api-key      FEEDGATE_API_KEY       no default; never printed
  FEEDGATE_MODEL, FEEDGATE_IMAGE_MODEL  default models of respond/tokens and image
  NO_COLOR                              disables colour and animations

Output: tables and colour on a terminal; in a pipe, tab-separated rows with a header line (no
colour, no borders). --json prints JSON (NDJSON for watches, streams and paged walks).
A prompt or text of "-" is read from standard input (respond, tokens).

Exit codes: 0 success, 1 runtime failure, 2 usage error, 130 interrupted (Ctrl-C).`;

/** The `feedgate` program: global options, every command, help with examples. */
export function buildProgram(
  streams: Streams,
  runner: Runner,
  redact: (text: string) => string,
): Command {
  const program = new Command("feedgate");
  program
    .description("The AI HOT feed service and the model gateway from a terminal.")
    .version(VERSION, "-V, --version", "print the version")
    .helpOption("-h, --help", "show help")
    .addOption(
      new Option(
        "--feed-url <url>",
        `feed service base URL, origin without /api/v1 (env FEEDGATE_FEED_URL; default ${DEFAULT_FEED_URL})`,
      ),
    )
    .addOption(
      new Option(
        "--gateway-url <url>",
        "model gateway base URL, origin without /v1 (env FEEDGATE_GATEWAY_URL)",
      ),
    )
    .addOption(
      new Option(
        "--api-key <key>",
        "model gateway API key (env FEEDGATE_API_KEY, preferred); never printed",
      ),
    )
    .option("--verbose", "more detail on stderr (requests, retries, error bodies)")
    .option("--no-color", "no colour and no animations (also: NO_COLOR=1)")
    .showHelpAfterError("(run with --help for usage)")
    .configureHelp({
      showGlobalOptions: true,
      // The program's own options only: a parent's (mirror's --follow) do not apply to its
      // subcommands (mirror ls), whose help would otherwise list them.
      visibleGlobalOptions: (cmd) =>
        cmd.parent ? program.options.filter((option) => !option.hidden) : [],
    })
    .exitOverride()
    .configureOutput({
      writeOut: (text) => streams.stdout.write(redact(text)),
      writeErr: (text) => streams.stderr.write(redact(text)),
      outputError: (text, write) =>
        write(redact(text.replace(/^error:/, "feedgate: error:")) + usageHint(text)),
    })
    .addHelpText("after", EXAMPLES);
  for (const [name, spec] of Object.entries(COMMANDS)) register(program, name, spec, runner);
  return program;
}

/** A hint for the parse errors people make most: an argument to a command that takes none. */
function usageHint(text: string): string {
  if (/too many arguments for 'hot'/.test(text))
    return "hint: hot takes no id: for a story, 'feedgate story <id>'; for a daily report, 'feedgate daily <date>'\n";
  const other = /too many arguments for '([a-z]+)'/.exec(text);
  return other ? `hint: see 'feedgate ${other[1]} --help' for what ${other[1]} takes\n` : "";
}

/** What each {@link ValueRule} reads a value with. */
const PARSERS: Record<Extract<ValueRule, string>, (value: string, previous: never) => unknown> = {
  integer: integerArg,
  seconds: secondsArg,
  port: portArg,
  collect,
};

/** Adds the command `spec` declares (and its subcommands) to `parent`. */
function register(parent: Command, name: string, spec: CommandSpec, runner: Runner): void {
  const command = parent.command(name).description(spec.description);
  for (const [name, help, fallback, choices] of spec.args ?? []) {
    const argument = new Argument(name, help);
    if (choices) argument.choices(choices);
    command.addArgument(fallback === undefined ? argument : argument.default(fallback));
  }
  for (const [flags, help, rule, fallback] of spec.options ?? []) {
    const option = new Option(flags, help);
    if (typeof rule === "string") option.argParser(PARSERS[rule] as (value: string) => unknown);
    else if (rule) option.choices(rule);
    command.addOption(fallback === undefined ? option : option.default(fallback));
  }
  // Subcommands are named with their parent ("mirror ls").
  const path = parent.parent ? `${parent.name()} ${name}` : name;
  const body = bodyOf(path);
  if (body) command.action(runner.action(path, body));
  if (spec.action) command.action(spec.action(rootOf(command), runner));
  if (spec.examples)
    command.addHelpText(
      "after",
      `\nExamples:\n${spec.examples.map((line) => `  $ ${line}`).join("\n")}`,
    );
  for (const [sub, subSpec] of Object.entries(spec.subcommands ?? {}))
    register(command, sub, subSpec, runner);
}

/** The program a command belongs to. */
const rootOf = (command: Command): Command => (command.parent ? rootOf(command.parent) : command);
