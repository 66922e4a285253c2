import type { GlobalOptions } from "./config.js";
import type { CommandContext } from "./context.js";

/** A command body, as a runner runs it. */
type Body = (ctx: CommandContext, options: object) => Promise<void>;

/**
 * The commands `main` runs without loading commander, and the flags (no value) each takes
 * there, under the name commander gives them. Everything else, and any other flag or
 * argument, goes through commander: the quick path only ever sees argument lists whose
 * meaning is plain, and gives them the options commander would (a test compares the two).
 */
const QUICK_COMMANDS: Record<string, { flags: Record<string, string>; body: () => Promise<Body> }> =
  {
    hot: {
      flags: { "--json": "json" },
      body: async () => (await import("../commands/hot-run.js")).runHot as Body,
    },
  };

/** The global flags (no value) the quick path accepts anywhere, and what commander sets for each. */
const GLOBAL_FLAGS: Record<string, ["verbose" | "color", boolean]> = {
  "--verbose": ["verbose", true],
  "--no-color": ["color", false],
};

const FEED_URL = "--feed-url";

/** A command line the quick path runs: the command, the options commander would give it, its body. */
export interface QuickInvocation {
  name: string;
  options: GlobalOptions & Record<string, unknown>;
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
  let name: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const global = GLOBAL_FLAGS[arg];
    const own = name === undefined ? undefined : QUICK_COMMANDS[name]!.flags[arg];
    if (global) options[global[0]] = global[1];
    else if (own) options[own] = true;
    else if (arg.startsWith(`${FEED_URL}=`)) options.feedUrl = arg.slice(FEED_URL.length + 1);
    else if (arg === FEED_URL && i + 1 < args.length && !args[i + 1]!.startsWith("-"))
      options.feedUrl = args[++i]!;
    else if (name === undefined && Object.hasOwn(QUICK_COMMANDS, arg)) name = arg;
    else return undefined;
  }
  return name === undefined ? undefined : { name, options, body: QUICK_COMMANDS[name]!.body };
}
