import type { CommandContext } from "../cli/context.js";
import { step } from "../cli/errors.js";
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
