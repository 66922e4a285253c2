import { isStoryRef } from "@feedgate/kit/feed";
import type { CommandContext } from "../cli/context.js";
import { step, UsageError } from "../cli/errors.js";
import { feedKitOf } from "../cli/feed-kit.js";
import { afterRequestSent } from "../cli/request-sent.js";

export interface StoryOptions {
  json?: boolean;
}

/** `feedgate story <id | story URL>`: follows merges and says which id survives. */
export async function runStory(
  ctx: CommandContext,
  _options: StoryOptions,
  idOrUrl: string,
): Promise<void> {
  const { out } = ctx;
  // Anything else cannot name a story (the service answers 404): refused before any request.
  if (!isStoryRef(idOrUrl))
    throw new UsageError(
      `not a story id: ${JSON.stringify(idOrUrl.length > 60 ? `${idOrUrl.slice(0, 60)}…` : idOrUrl)}`,
      "give a story's public id, a UUID such as 5f0c6a2e-8d4b-4b7e-9a31-2c1d9e7f4a10, or its URL",
    );
  const answer = step(`story ${idOrUrl}`, () =>
    feedKitOf(ctx).getStory(idOrUrl, { signal: ctx.signal }),
  );
  answer.catch(() => {});
  // The renderers load while the answer is on its way: the request goes out first.
  const [{ renderable, STORY }, { renderStory }] = await afterRequestSent(answer, () =>
    Promise.all([import("../render/shapes.js"), import("../render/story.js")]),
  );
  const found = await answer;
  const data = { schemaVersion: 1 as const, story: found.story };
  const origin = {
    requestedId: found.requestedId,
    survivingId: found.survivingId,
    chain: found.mergedChain,
  };
  if (origin.requestedId !== origin.survivingId)
    out.verbose(`followed merges: ${[origin.requestedId, ...origin.chain.slice(1)].join(" → ")}`);
  if (out.json) {
    // The service's StoryResponse, plus how it was reached (extra members are allowed by the schema).
    out.data({
      ...data,
      merge: {
        requestedId: origin.requestedId,
        survivingId: origin.survivingId,
        chain: origin.chain,
      },
    });
    return;
  }
  out.print(renderStory(renderable(data.story, STORY, "story"), origin, out));
}
