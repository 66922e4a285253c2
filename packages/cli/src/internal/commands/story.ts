import type { Body } from "../cli/runner.js";
import type { CommandSpec } from "./spec.js";

const ID = "2dc37050-6375-45a7-8668-26d97fc0c333";

export const story: CommandSpec = {
  name: "story",
  description:
    "a story: title, status, digest, timeline (newest first), storyline and related stories; follows merges",
  args: [["<id>", "a story public id, or a story URL such as a hot topic's links.story"]],
  options: [
    ["--watch", "keep watching; print each new version (merges followed; Ctrl-C to stop)"],
    ["--interval <seconds>", "seconds between polls when watching (default: 60)", "seconds"],
    [
      "--json",
      "print the service's JSON document (plus a `merge` member: requested, surviving and merged ids); one per version when watching",
    ],
  ],
  examples: [
    `feedgate story ${ID}`,
    `feedgate story https://aihot.virxact.com/story/${ID}`,
    `feedgate story ${ID} --json`,
    `feedgate story ${ID} --watch --json`,
  ],
  body: async () => (await import("./story-run.js")).runStory as Body,
};
