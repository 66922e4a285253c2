import type { Command } from "commander";
import type { Wire } from "../cli/wire.js";
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
import { registerResets } from "./resets.js";
import { registerRespond } from "./respond.js";
import { registerStory } from "./story.js";
import { registerTokens } from "./tokens.js";

/** Every command, in the order `--help` lists them. */
export function registerCommands(program: Command, wire: Wire): void {
  registerHot(program, wire);
  registerItems(program, wire);
  registerStory(program, wire);
  registerDaily(program, wire);
  registerResets(program, wire);
  registerMirror(program, wire);
  registerFleet(program, wire);
  registerImage(program, wire);
  registerRespond(program, wire);
  registerGenerate(program, wire);
  registerTokens(program, wire);
  registerMcp(program, wire);
  registerMock(program, wire);
  registerDemo(program, wire);
}
