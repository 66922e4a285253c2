import type { Command } from "commander";
import type { Body, Runner } from "../cli/runner.js";

/** How an option's value is read (`cli/parse.ts`), or the values it takes. */
export type ValueRule = "integer" | "seconds" | "port" | "collect" | readonly string[];

/** An option: its flags, its help, how its value is read (none: a flag) and its default. */
export type OptionSpec = readonly [
  flags: string,
  help: string,
  rule?: ValueRule,
  fallback?: string,
];

/** An argument: `<name>` required or `[name]` optional, its help, its default and the values it takes. */
export type ArgumentSpec = readonly [
  name: string,
  help: string,
  fallback?: string | undefined,
  choices?: readonly string[],
];

/**
 * A command, declared once as data: `commands/index.ts` builds commander's command from it
 * (help, completion and usage hints read that), and the quick path (`cli/quick.ts`) reads the
 * flags and arguments of the feed's read commands from the same declaration. No module here
 * loads commander.
 */
export interface CommandSpec {
  name: string;
  description: string;
  args?: readonly ArgumentSpec[];
  options?: readonly OptionSpec[];
  examples?: readonly string[];
  /** Loads the body that runs it (loaded only when the command runs). */
  body?: () => Promise<Body>;
  /** For the commands that act on the program itself (`version`, `completion`): its action. */
  // biome-ignore lint/suspicious/noExplicitAny: commander hands an action what the command declares.
  action?: (program: Command, runner: Runner) => (...args: any[]) => void | Promise<void>;
  subcommands?: readonly CommandSpec[];
}
