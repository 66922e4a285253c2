import { isStoryRef, type StoryResult } from "@feedgate/kit/feed";
import { step, UsageError } from "../cli/errors.js";
import { feedKitOf } from "../cli/feed-kit.js";
import type { Body } from "../cli/runner.js";
import type { READS } from "./reads.js";
import type { OptionsOf } from "./spec.js";
import { clockStamp, type Poll, renderersAfter, watchEach } from "./watch-util.js";

type StoryOptions = OptionsOf<typeof READS.story>;

/** What `getStory` and each version of `watchStory` say: the story and how it was reached. */
type Found = Pick<StoryResult, "story" | "requestedId" | "survivingId" | "mergedChain">;

/**
 * `feedgate story <id | story URL>`: follows merges and says which id survives. With `--watch`,
 * prints each new version (under a stamp; `--json`: one document per version) until Ctrl-C.
 */
export const runStory: Body<StoryOptions> = async (ctx, options, idOrUrl: string) => {
  const { out, signal } = ctx;
  // Anything else cannot name a story (the service answers 404): refused before any request.
  if (!isStoryRef(idOrUrl))
    throw new UsageError(
      `not a story id: ${JSON.stringify(idOrUrl.length > 60 ? `${idOrUrl.slice(0, 60)}…` : idOrUrl)}`,
      "give a story's public id, a UUID such as 5f0c6a2e-8d4b-4b7e-9a31-2c1d9e7f4a10, or its URL",
    );
  const kit = feedKitOf(ctx);
  const answer = options.watch
    ? undefined
    : step(`story ${idOrUrl}`, () => kit.getStory(idOrUrl, { signal }));
  const [{ renderable, STORY }, { renderStory }] = await renderersAfter(answer, () =>
    Promise.all([import("../render/shapes.js"), import("../render/story.js")]),
  );
  const show = ({ story, requestedId, survivingId, mergedChain: chain }: Found) => {
    if (requestedId !== survivingId)
      out.verbose(`followed merges: ${[requestedId, ...chain.slice(1)].join(" → ")}`);
    // The service's StoryResponse, plus how it was reached (extra members are allowed by the schema).
    if (out.json) out.data({ schemaVersion: 1, story, merge: { requestedId, survivingId, chain } });
    else
      out.print(
        renderStory(renderable(story, STORY, "story"), { requestedId, survivingId, chain }, out),
      );
  };
  if (answer) return show(await answer);
  const watch = (poll: Poll) => kit.watchStory(idOrUrl, poll);
  await watchEach(signal, `watching story ${idOrUrl}`, options.interval, watch, (version) => {
    if (!out.json) out.print(out.color.dim(`story at ${clockStamp()} (watching; Ctrl-C to stop)`));
    show(version);
  });
};
