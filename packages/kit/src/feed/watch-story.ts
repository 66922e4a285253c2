import { isFeedgateError, isTransientError } from "@feedgate/core";
import type { Story } from "@feedgate/feed-client";
import { FEED_CADENCE } from "./cadence.js";
import { type PollDeps, type PollOptions, pollLoop, type Revalidated } from "./poll.js";
import {
  type GetStory,
  type GetStoryOptions,
  type StoryOrigin,
  type StoryRef,
  storyIdOf,
} from "./stories.js";

/** Options of `watchStory`: the poller's ({@link PollOptions}), plus the merge-follower's hop limit. */
export interface WatchStoryOptions extends PollOptions {
  /** Merge redirects (308) followed at most per poll. Default: 5. */
  maxHops?: number | undefined;
}

/**
 * A new version of a watched story: `requestedId` is the id the watch started from,
 * `survivingId` the one answering now and `mergedChain` every merge seen since the watch began.
 */
export interface StoryVersion extends StoryOrigin {
  /** The story as it is now (its digest is rewritten as the event evolves). */
  story: Story;
  /** Which poll (1-based) brought it. */
  poll: number;
}

/**
 * `watchStory(ref, options)`: revalidates one story with conditional requests (If-None-Match on
 * every request, as the document asks), no faster than its cache lifetime, and follows its
 * merges: when the watched id is merged (308), the watch moves to the surviving story and goes
 * on from there. A 404 (the story, or the whole story layer, unavailable) is waited out like a
 * 503, up to `maxConsecutiveErrors` in a row. Yields each new version; ends when `signal` fires.
 */
export function storyWatcher(deps: PollDeps, getStory: GetStory) {
  return async function* watchStory(
    ref: StoryRef,
    options: WatchStoryOptions = {},
  ): AsyncGenerator<StoryVersion, void, undefined> {
    const { maxHops, ...pollOptions } = options;
    const requestedId = storyIdOf(ref);
    let id = requestedId;
    const chain: string[] = [];
    const fetchOnce = async (call: GetStoryOptions): Promise<Revalidated<Story>> => {
      const answer = await getStory(id, { ...call, maxHops });
      for (const merged of answer.mergedChain) if (!chain.includes(merged)) chain.push(merged);
      id = answer.survivingId;
      const { notModified, story, etag, meta } = answer;
      return { notModified, data: story, etag, meta };
    };
    // A 404 may be the story layer down for a while (the document says so): retried like a 503.
    const retryable = (e: unknown) => isTransientError(e) || isFeedgateError(e, "not_found");
    const label = `story ${requestedId}`;
    const cadence = FEED_CADENCE.storyByPublicId.everyMs;
    const versions = pollLoop(deps, label, fetchOnce, pollOptions, cadence, retryable);
    for await (const { result, poll } of versions) {
      yield {
        story: result.data as Story,
        etag: result.etag,
        meta: result.meta,
        poll,
        requestedId,
        survivingId: id,
        mergedChain: [...chain],
      };
    }
  };
}
