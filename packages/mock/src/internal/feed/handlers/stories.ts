import type { Reply } from "../../core/reply.js";
import { pathOf } from "../../core/routes.js";
import { withinLength } from "../query.js";
import { DOCUMENT_OPERATIONS } from "../routes.js";
import { type FeedRequest, type FeedState, replyJson } from "../state.js";
import { invalidRequest, ProblemError } from "../wire.js";

const MAX_HOPS = 10;

const notFound = (publicId: string) =>
  new ProblemError(404, "not_found", `No public story exists for ${publicId}.`, {
    cacheControl: "public, max-age=60",
  });

function redirect(location: string, state: FeedState): Reply {
  return {
    status: 308,
    headers: { location, "cache-control": state.cacheControl.storyByPublicId },
  };
}

/**
 * GET /api/v1/stories/{publicId}. A merged id answers 308 with the relative path of the
 * surviving story (the chain is followed here, like the service, up to 10 hops; a broken or
 * looping chain is 404). A raw redirect set by stories.redirect() is answered as is.
 */
export function handleStory(rawSegment: string, req: FeedRequest): Reply {
  const { state } = req;
  let publicId: string;
  try {
    publicId = decodeURIComponent(rawSegment);
  } catch {
    throw notFound(rawSegment);
  }
  if (!withinLength("storyByPublicId", "publicId", publicId))
    throw invalidRequest("publicId must be a short opaque id.");
  const raw = state.redirects.get(publicId);
  if (raw !== undefined) return redirect(raw, state);
  if (state.merges.has(publicId)) {
    let target = publicId;
    for (let hop = 0; hop < MAX_HOPS && state.merges.has(target); hop++)
      target = state.merges.get(target) as string;
    if (state.merges.has(target) || !state.stories.has(target)) throw notFound(publicId);
    return redirect(pathOf(DOCUMENT_OPERATIONS.storyByPublicId, { publicId: target }), state);
  }
  const story = state.stories.get(publicId);
  if (!story) throw notFound(publicId);
  return replyJson(req, { schemaVersion: 1, story });
}
