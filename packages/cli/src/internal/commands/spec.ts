import type { Command } from "commander";
import type { Runner } from "../cli/runner.js";

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
 * A command, declared once as data (`as const`): `program.ts` builds commander's command from it
 * (help, completion and usage hints read that), the quick path (`cli/quick.ts`) reads the flags
 * and arguments of the feed's read commands from it, and its body's options are typed from it
 * ({@link OptionsOf}). No module here loads commander; the bodies are in `bodies.ts`.
 */
export interface CommandSpec {
  description: string;
  args?: readonly ArgumentSpec[];
  options?: readonly OptionSpec[];
  examples?: readonly string[];
  /** For the commands that act on the program itself (`version`, `completion`): its action. */
  // biome-ignore lint/suspicious/noExplicitAny: commander hands an action what the command declares.
  action?: (program: Command, runner: Runner) => (...args: any[]) => void | Promise<void>;
  /** By name (`mirror` → ls, show, export). */
  subcommands?: Readonly<Record<string, CommandSpec>>;
}

type Camel<S extends string> = S extends `${infer A}-${infer B}`
  ? `${A}${Capitalize<Camel<B>>}`
  : S;
/** The name commander gives an option: `--page-size <n>` → `pageSize`, `--no-color` → `color`. */
type NameOf<F extends string> = F extends `--no-${infer N}`
  ? Camel<N>
  : F extends `--${infer N} ${string}` | `--${infer N}`
    ? Camel<N>
    : never;
/** The value commander gives it: a number, one of its choices, every value given, a string, or true. */
type ValueOf<O extends OptionSpec> = O extends readonly [string, string, infer Rule, ...unknown[]]
  ? Rule extends "collect"
    ? string[]
    : Rule extends readonly (infer Choice)[]
      ? Choice
      : number
  : O[0] extends `${string}<${string}`
    ? string
    : boolean;
/** The options a command's body is given, read from the command's declaration. */
export type OptionsOf<S extends { options?: readonly OptionSpec[] }> = {
  [O in NonNullable<S["options"]>[number] as NameOf<O[0]>]?: ValueOf<O>;
};
