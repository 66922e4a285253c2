import { Argument, type Command, Option } from "commander";
import { collect, integerArg, portArg, secondsArg } from "../cli/parse.js";
import type { Runner } from "../cli/runner.js";
import { check } from "./check.js";
import { completion } from "./completion.js";
import { dailies, daily } from "./daily.js";
import { demo } from "./demo.js";
import { fleet } from "./fleet.js";
import { generate } from "./generate.js";
import { hot } from "./hot.js";
import { image } from "./image.js";
import { items } from "./items.js";
import { mcp } from "./mcp.js";
import { mirror } from "./mirror.js";
import { mock } from "./mock.js";
import { record } from "./record.js";
import { resets } from "./resets.js";
import { respond } from "./respond.js";
import type { CommandSpec, ValueRule } from "./spec.js";
import { story } from "./story.js";
import { tokens } from "./tokens.js";
import { version } from "./version.js";

/**
 * Every command, in the order `--help` lists them: the one list. Help, completion and usage
 * hints are read from the program built from it.
 */
export const COMMANDS: readonly CommandSpec[] = [
  hot,
  items,
  story,
  daily,
  dailies,
  resets,
  mirror,
  fleet,
  image,
  respond,
  generate,
  tokens,
  mcp,
  mock,
  record,
  check,
  demo,
  version,
  completion,
];

/** What each {@link ValueRule} reads a value with. */
const PARSERS: Record<Extract<ValueRule, string>, (value: string, previous: never) => unknown> = {
  integer: integerArg,
  seconds: secondsArg,
  port: portArg,
  collect,
};

/** Adds the command `spec` declares (and its subcommands) to `parent`. */
function register(parent: Command, spec: CommandSpec, runner: Runner, program: Command): void {
  const command = parent.command(spec.name).description(spec.description);
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
  if (spec.body) command.action(runner.lazy(spec.body));
  if (spec.action) command.action(spec.action(program, runner));
  if (spec.examples)
    command.addHelpText(
      "after",
      `\nExamples:\n${spec.examples.map((line) => `  $ ${line}`).join("\n")}`,
    );
  for (const sub of spec.subcommands ?? []) register(command, sub, runner, program);
}

/** Registers {@link COMMANDS} on `program`. */
export function registerCommands(program: Command, runner: Runner): void {
  for (const spec of COMMANDS) register(program, spec, runner, program);
}
