import type { CommandContext } from "../cli/context.js";
import { step, UsageError } from "../cli/errors.js";
import { renderStory } from "../render/story.js";
import { feedServices } from "../services/feed.js";
import { renderable, STORY } from "../render/shapes.js";

export interface StoryOptions {
  json?: boolean;
}

/** `feedgate story <id | story URL>`: follows merges and says which id survives. */
export async function runStory(ctx: CommandContext, options: StoryOptions, idOrUrl: string): Promise<void> {
  const { out } = ctx;
  checkStoryRef(idOrUrl);
  const { data, origin } = await step(`story ${idOrUrl}`, () => feedServices(ctx).story(idOrUrl, ctx.signal));
  if (origin.requestedId !== origin.survivingId) out.verbose(`followed merges: ${[origin.requestedId, ...origin.chain.slice(1)].join(" → ")}`);
  if (out.json) {
    // The service's StoryResponse, plus how it was reached (extra members are allowed by the schema).
    out.data({ ...data, merge: { requestedId: origin.requestedId, survivingId: origin.survivingId, chain: origin.chain } });
    return;
  }
  out.print(renderStory(renderable(data.story, STORY, "story"), origin, out));
}

/**
 * A story id is a public id (a UUID on the service: letters, digits, `-`, `_`, at most 128) or a
 * story URL; anything else cannot name a story, so it is refused before any request.
 */
function checkStoryRef(value: string): void {
  if (/^https?:\/\//i.test(value.trim())) return;
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/.test(value)) {
    throw new UsageError(
      `not a story id: ${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)}`,
      "give a story's public id (e.g. 5f0c6a2e-8d4b-4b7e-9a31-2c1d9e7f4a10, letters, digits, - and _, at most 128) or its URL",
    );
  }
}
