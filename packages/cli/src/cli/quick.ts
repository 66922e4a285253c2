import type { GlobalOptions } from "./config.js";
import type { Body } from "./runner.js";

/** What the quick path knows of a command: its flags, its arguments and where its body is. */
interface QuickCommand {
  /** Its flags (options without a value), under the name commander gives each. */
  flags: Record<string, string>;
  /** Its arguments, as commander declares them: how many at least, and the defaults of the optional ones. Default: none. */
  args?: { required: number; optional: readonly string[] };
  body: () => Promise<Body>;
}

/**
 * The feed's read commands, which `main` runs without loading commander, with the flags and
 * arguments each takes there (their definitions are in commands/). Everything else, and any
 * other flag, goes through commander: the quick path only ever sees argument lists whose
 * meaning is plain, and gives them the options and arguments commander would (a test compares
 * the two for each command).
 */
const QUICK_COMMANDS: Record<string, QuickCommand> = {
  hot: {
    flags: { "--json": "json" },
    body: async () => (await import("../commands/hot-run.js")).runHot as Body,
  },
  story: {
    flags: { "--json": "json" },
    args: { required: 1, optional: [] },
    body: async () => (await import("../commands/story-run.js")).runStory as Body,
  },
  daily: {
    flags: { "--json": "json" },
    args: { required: 0, optional: ["latest"] },
    body: async () => (await import("../commands/daily-run.js")).runDaily as Body,
  },
  dailies: {
    flags: { "--json": "json" },
    body: async () => (await import("../commands/daily-run.js")).runDailies as Body,
  },
  resets: {
    flags: { "--json": "json", "--recent": "recent" },
    body: async () => (await import("../commands/resets-run.js")).runResets as Body,
  },
};

/** The global flags (no value) the quick path accepts anywhere, and what commander sets for each. */
const GLOBAL_FLAGS: Record<string, ["verbose" | "color", boolean]> = {
  "--verbose": ["verbose", true],
  "--no-color": ["color", false],
};

const FEED_URL = "--feed-url";

/** A command line the quick path runs: the command, the options and arguments commander would give it, its body. */
export interface QuickInvocation {
  name: string;
  options: GlobalOptions & Record<string, unknown>;
  positional: string[];
  body: () => Promise<Body>;
}

/**
 * The quick form of `args` (the arguments after node and the script), or undefined when
 * commander must parse them: a command of {@link QUICK_COMMANDS} with only its own flags, the
 * global flags and `--feed-url`. Commander, its help and every command definition then stay
 * unloaded, and the request goes out that much sooner (`feedgate hot` is the start-up benchmark).
 */
export function quickInvocation(args: readonly string[]): QuickInvocation | undefined {
  // What commander's optsWithGlobals() holds with no flag given: `--no-color`'s default.
  const options: GlobalOptions & Record<string, unknown> = { color: true };
  const positional: string[] = [];
  let command: QuickCommand | undefined;
  let name: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const global = GLOBAL_FLAGS[arg];
    const own = command?.flags[arg];
    if (global) options[global[0]] = global[1];
    else if (own) options[own] = true;
    else if (arg.startsWith(`${FEED_URL}=`)) options.feedUrl = arg.slice(FEED_URL.length + 1);
    else if (arg === FEED_URL && i + 1 < args.length && !args[i + 1]!.startsWith("-"))
      options.feedUrl = args[++i]!;
    else if (arg.startsWith("-")) return undefined;
    else if (command) positional.push(arg);
    else if (Object.hasOwn(QUICK_COMMANDS, arg)) [name, command] = [arg, QUICK_COMMANDS[arg]!];
    else return undefined;
  }
  if (!command || name === undefined) return undefined;
  const { required, optional } = command.args ?? { required: 0, optional: [] };
  if (positional.length < required || positional.length > required + optional.length)
    return undefined;
  // Optional arguments left out get their defaults, as commander fills them in.
  positional.push(...optional.slice(positional.length - required));
  return { name, options, positional, body: command.body };
}
