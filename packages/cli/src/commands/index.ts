import type { Command } from "commander";
import type { Runner } from "../cli/runner.js";
import { registerCheck } from "./check.js";
import { registerCompletion } from "./completion.js";
import { registerDaily } from "./daily.js";
import { registerDemo } from "./demo.js";
import { registerFleet } from "./fleet.js";
import { registerGenerate } from "./generate.js";
import { registerHot } from "./hot.js";
import { registerImage } from "./image.js";
import { registerItems } from "./items.js";
import { registerMcp } from "./mcp.js";
import { registerMirror } from "./mirror.js";
import { registerMock } from "./mock.js";
import { registerRecord } from "./record.js";
import { registerResets } from "./resets.js";
import { registerRespond } from "./respond.js";
import { registerStory } from "./story.js";
import { registerTokens } from "./tokens.js";
import { registerVersion } from "./version.js";

/**
 * Every command, in the order `--help` lists them: the one list. Help, completion and usage
 * hints are read from the program these build.
 */
export const COMMANDS: ReadonlyArray<(program: Command, runner: Runner) => void> = [
  registerHot,
  registerItems,
  registerStory,
  registerDaily,
  registerResets,
  registerMirror,
  registerFleet,
  registerImage,
  registerRespond,
  registerGenerate,
  registerTokens,
  registerMcp,
  registerMock,
  registerRecord,
  registerCheck,
  registerDemo,
  registerVersion,
  registerCompletion,
];

/** Registers {@link COMMANDS} on `program`. */
export function registerCommands(program: Command, runner: Runner): void {
  for (const register of COMMANDS) register(program, runner);
}
