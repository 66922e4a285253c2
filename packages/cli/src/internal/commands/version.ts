import { VERSION } from "../version.js";
import type { CommandSpec } from "./spec.js";

export const version: CommandSpec = {
  name: "version",
  description: "print the version",
  action: (_, runner) => () => void runner.streams.stdout.write(`${VERSION}\n`),
};
