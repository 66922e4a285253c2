import type { Story } from "@feedgate/feed-client";
import { FeedgateError, invalidArgument } from "../errors.js";
import type { Log } from "../transport/logger.js";
import type { ResponseMeta } from "../transport/meta.js";
import type { Caller } from "./call.js";
import type { CallOptions } from "./types.js";

/** Options of `getStory`. */
export interface GetStoryOptions extends CallOptions {
  /** Merge redirects (308) followed at most; one more fails with kind `redirect`, code `too_many_redirects`. Default: 5. */
  maxHops?: number | undefined;
}

/** A story found by `getStory`, and where the id it was asked for led. */
export interface StoryResult {
  story: Story;
  /** The id asked for (taken from the link's last path segment when given a link). */
  requestedId: string;
  /** The id of the story that answered: store this one. */
  survivingId: string;
  /** Every id that answered 308 (merged into the next), in order; empty when the story was not merged. */
  mergedChain: string[];
  meta: ResponseMeta;
}

/** Something that names a story: its public id, its `links.story` HTML URL, or a hot topic. */
export type StoryRef = string | { links: { story?: string | undefined; [other: string]: unknown } };

/** The public id a reference names. A hot topic without `links.story` names none: its `id` is an item's. */
export function storyIdOf(ref: StoryRef): string {
  if (typeof ref === "object" && ref !== null) {
    const link = ref.links?.story;
    if (typeof link !== "string" || link === "") {
      throw invalidArgument("links.story", "the hot topic has no story link, so it names no story (its id is an item id, not a story id)");
    }
    return storyIdOf(link);
  }
  if (typeof ref !== "string") throw invalidArgument("idOrStoryLink", "must be a story public id, a story link, or a hot topic");
  if (!/^https?:\/\//i.test(ref)) return ref;
  let url: URL;
  try {
    url = new URL(ref);
  } catch {
    throw invalidArgument("idOrStoryLink", "not a valid URL");
  }
  const segment = url.pathname.split("/").filter((s) => s !== "").pop();
  if (segment === undefined) throw invalidArgument("idOrStoryLink", "the link has no path segment to take the story id from");
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalidArgument("idOrStoryLink", "the link's last path segment is not valid percent-encoding");
  }
}

function redirectError(code: string, message: string, status?: number): FeedgateError {
  return new FeedgateError({ kind: "redirect", code, message, status });
}

export function storyFollower(caller: Caller, baseUrl: string, log: Log) {
  const base = new URL(baseUrl);
  const storiesPrefix = base.pathname.replace(/\/+$/, "") + "/api/v1/stories/";

  /** The story id a `Location` points at, or an error when it leaves the origin or the stories route. */
  function targetOf(location: string, from: string): string {
    let next: URL;
    try {
      next = new URL(location, from);
    } catch {
      throw redirectError("bad_location", `the merge redirect's Location is not a URL: ${JSON.stringify(location.slice(0, 200))}`, 308);
    }
    if (next.origin !== base.origin) {
      throw redirectError("cross_origin_redirect", `refused a merge redirect to another origin (${next.origin}); only ${base.origin} is followed`, 308);
    }
    const rest = next.pathname.startsWith(storiesPrefix) ? next.pathname.slice(storiesPrefix.length) : undefined;
    if (rest === undefined || rest === "" || rest.includes("/") || next.search !== "" ) {
      throw redirectError("unexpected_redirect_target", `the merge redirect points outside the stories route: ${next.pathname}`, 308);
    }
    try {
      return decodeURIComponent(rest);
    } catch {
      throw redirectError("bad_location", "the merge redirect's story id is not valid percent-encoding", 308);
    }
  }

  /**
   * Fetches a story by public id, `links.story` URL or hot topic, following merges itself:
   * on 308 it follows `Location` (relative or absolute, same origin and stories route only),
   * at most `maxHops` times, refusing loops. Where the platform hides redirect targets
   * (browsers' opaque redirects), it lets fetch follow them and reports the chain as
   * [requestedId] when the surviving id differs.
   */
  async function getStory(ref: StoryRef, options: GetStoryOptions = {}): Promise<StoryResult> {
    const { maxHops = 5, ...call } = options;
    if (!Number.isInteger(maxHops) || maxHops < 0) throw invalidArgument("maxHops", "a whole number of at least 0");
    const requestedId = storyIdOf(ref);
    const mergedChain: string[] = [];
    const visited = new Set([requestedId]);
    let id = requestedId;
    for (;;) {
      const answer = await caller.raw("storyByPublicId", { path: { publicId: id } }, { ...call, redirect: "manual" });
      const { response } = answer;
      if (response.type === "opaqueredirect") return followOpaque(requestedId, call);
      if (response.status >= 300 && response.status < 400) {
        const location = response.headers.get("location");
        if (response.status !== 308 && response.status !== 301 && response.status !== 307 && response.status !== 302) {
          throw redirectError("unexpected_redirect", `unexpected ${response.status} answer for story ${id}`, response.status);
        }
        if (location === null) throw redirectError("redirect_without_location", `story ${id} answered ${response.status} without a Location`, response.status);
        const next = targetOf(location, answer.url);
        mergedChain.push(id);
        if (visited.has(next)) throw redirectError("redirect_loop", `the merge redirects loop: ${[...mergedChain, next].join(" -> ")}`, response.status);
        if (mergedChain.length > maxHops) throw redirectError("too_many_redirects", `more than maxHops (${maxHops}) merge redirects from ${requestedId}`, response.status);
        log("debug", `story ${id} was merged into ${next}`, { event: "redirect", status: response.status });
        visited.add(next);
        id = next;
        continue;
      }
      return finish(answer.data, requestedId, id, mergedChain, answer.meta);
    }
  }

  async function followOpaque(requestedId: string, call: CallOptions): Promise<StoryResult> {
    const answer = await caller.raw("storyByPublicId", { path: { publicId: requestedId } }, { ...call, redirect: "follow" });
    const finalUrl = answer.response.url;
    if (finalUrl !== "" && new URL(finalUrl).origin !== base.origin) {
      throw redirectError("cross_origin_redirect", `the merge redirect led to another origin (${new URL(finalUrl).origin})`);
    }
    return finish(answer.data, requestedId, requestedId, [], answer.meta);
  }

  function finish(data: unknown, requestedId: string, answeredId: string, chain: string[], meta: ResponseMeta): StoryResult {
    const story = (data as { story?: Story } | undefined)?.story;
    if (typeof story !== "object" || story === null) {
      throw new FeedgateError({ kind: "invalid_response", code: "not_a_story", message: "the story answer lacks `story`", requestId: meta.requestId });
    }
    const survivingId = typeof story.publicId === "string" && story.publicId !== "" ? story.publicId : answeredId;
    const mergedChain = [...chain];
    // An alias answered directly (or an opaque redirect hid the chain): the asked-for id still merged.
    if (survivingId !== answeredId && !mergedChain.includes(answeredId)) mergedChain.push(answeredId);
    return { story, requestedId, survivingId, mergedChain, meta };
  }

  return { getStory };
}
