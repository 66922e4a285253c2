import { bodyOf } from "../commands/bodies.js";
import { READS } from "../commands/reads.js";
import type { CommandSpec } from "../commands/spec.js";
import type { GlobalOptions } from "./config.js";

/**
 * The feed's read commands, which `main` runs without loading commander, read from the same
 * declarations commander's commands are built from (`commands/reads.ts`). Everything else, and any other
 * flag, goes through commander: the quick path only ever sees argument lists whose meaning is
 * plain, and gives them the options and arguments commander would (a test compares the two for
 * each command).
 */
const QUICK_COMMANDS: Readonly<Record<string, CommandSpec>> = READS;

/** A flag's option name as commander gives it: `--page-size` → `pageSize`. */
const optionName = (flag: string) =>
  flag.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** A command's flags (options without a value), under the name commander gives each. */
const flagsOf = (spec: CommandSpec) =>
  (spec.options ?? []).filter(([flags]) => !/[<[]/.test(flags)).map(([flags]) => flags);

/** The global flags (no value) the quick path accepts anywhere, and what commander sets for each. */
const GLOBAL_FLAGS: Record<string, ["verbose" | "color", boolean]> = {
  "--verbose": ["verbose", true],
  "--no-color": ["color", false],
};

const FEED_URL = "--feed-url";

/**
 * The quick form of `args` (the arguments after node and the script), or undefined when
 * commander must parse them: a command of {@link QUICK_COMMANDS} with only its own flags, the
 * global flags and `--feed-url`. Commander, its help and every command definition then stay
 * unloaded, and the request goes out that much sooner (`feedgate hot` is the start-up benchmark).
 */
export function quickInvocation(args: readonly string[]) {
  // What commander's optsWithGlobals() holds with no flag given: `--no-color`'s default.
  const options: GlobalOptions & Record<string, unknown> = { color: true };
  const positional: string[] = [];
  let name: string | undefined;
  let command: CommandSpec | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const global = GLOBAL_FLAGS[arg];
    if (global) options[global[0]] = global[1];
    else if (command && flagsOf(command).includes(arg)) options[optionName(arg)] = true;
    else if (arg.startsWith(`${FEED_URL}=`)) options.feedUrl = arg.slice(FEED_URL.length + 1);
    else if (arg === FEED_URL && i + 1 < args.length && !args[i + 1]!.startsWith("-"))
      options.feedUrl = args[++i]!;
    else if (arg.startsWith("-")) return undefined;
    else if (command) positional.push(arg);
    else if (Object.hasOwn(QUICK_COMMANDS, arg)) [name, command] = [arg, QUICK_COMMANDS[arg]];
    else return undefined;
  }
  const body = name && bodyOf(name);
  if (!name || !command || !body) return undefined;
  const declared = command.args ?? [];
  const required = declared.filter(([arg]) => arg.startsWith("<")).length;
  if (positional.length < required || positional.length > declared.length) return undefined;
  // Optional arguments left out get their defaults, as commander fills them in.
  for (const [, , fallback] of declared.slice(positional.length))
    if (fallback !== undefined) positional.push(fallback);
  return { name, options, positional, body };
}
