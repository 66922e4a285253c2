import type { Body } from "../cli/runner.js";
import type { CommandSpec } from "./spec.js";

export const demo: CommandSpec = {
  name: "demo",
  description:
    "the guided tour: starts embedded fake servers and runs every capability (under 30 s, nothing left running)",
  examples: ["feedgate demo", "NO_COLOR=1 feedgate demo > demo.txt"],
  // Loaded on use: the fake servers are not needed by any other command.
  body: async () => (await import("../demo/run.js")).runDemo as Body,
};
