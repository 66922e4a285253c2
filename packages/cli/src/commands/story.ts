import type { Command } from "commander";
import { examples } from "../cli/help.js";
import type { Runner } from "../cli/runner.js";

export function registerStory(program: Command, runner: Runner): void {
  const command = program
    .command("story")
    .description(
      "a story: title, status, digest, timeline (newest first), storyline and related stories; follows merges",
    )
    .argument("<id>", "a story public id, or a story URL such as a hot topic's links.story")
    .option(
      "--json",
      "print the service's JSON document (plus a `merge` member: requested, surviving and merged ids)",
    )
    .action(runner.lazy(() => import("./story-run.js"), "runStory"));
  examples(command, [
    "feedgate story 2dc37050-6375-45a7-8668-26d97fc0c333",
    "feedgate story https://aihot.virxact.com/story/2dc37050-6375-45a7-8668-26d97fc0c333",
    "feedgate story 2dc37050-6375-45a7-8668-26d97fc0c333 --json",
  ]);
}
