import type { Command } from "commander";
import type { CommandContext } from "../cli/context.js";
import { step } from "../cli/errors.js";
import type { Wire } from "../cli/wire.js";
import { examples } from "../program.js";
import { renderStory } from "../render/story.js";
import { feedServices } from "../services/index.js";
import { cleanForTerminal } from "../cli/terminal-safe.js";

export interface StoryOptions {
  json?: boolean;
}

/** `feedgate story <id | story URL>`: follows merges and says which id survives. */
export async function runStory(ctx: CommandContext, options: StoryOptions, idOrUrl: string): Promise<void> {
  const { out } = ctx;
  const { data, origin } = await step(`story ${idOrUrl}`, () => feedServices(ctx).story(idOrUrl, ctx.signal));
  if (origin.requestedId !== origin.survivingId) out.verbose(`followed merges: ${[origin.requestedId, ...origin.chain.slice(1)].join(" → ")}`);
  if (out.json) {
    // The service's StoryResponse, plus how it was reached (extra members are allowed by the schema).
    out.data({ ...data, merge: { requestedId: origin.requestedId, survivingId: origin.survivingId, chain: origin.chain } });
    return;
  }
  out.print(renderStory(cleanForTerminal(data.story), origin, out));
}

export function registerStory(program: Command, wire: Wire): void {
  const command = program
    .command("story")
    .description("a story: title, status, digest, timeline (newest first), storyline and related stories; follows merges")
    .argument("<id>", "a story public id, or a story URL such as a hot topic's links.story")
    .option("--json", "print the service's JSON document (plus a `merge` member: requested, surviving and merged ids)")
    .action(wire.action<StoryOptions>((ctx, options, id) => runStory(ctx, options, id!)));
  examples(command, [
    "feedgate story 2dc37050-6375-45a7-8668-26d97fc0c333",
    "feedgate story https://aihot.virxact.com/story/2dc37050-6375-45a7-8668-26d97fc0c333",
    "feedgate story 2dc37050-6375-45a7-8668-26d97fc0c333 --json",
  ]);
}
