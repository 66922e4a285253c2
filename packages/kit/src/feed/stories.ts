import {
  checkPositive,
  type FeedgateError,
  invalidArgument,
  type Log,
  type ResponseMeta,
} from "@feedgate/core";
import type { Story } from "@feedgate/feed-client";
import { badAnswer, redirectError } from "../internal/errors.js";
import { FEED_OPERATIONS, problemOf } from "../internal/validate/operations.js";
import type { Caller, RawAnswer } from "./call.js";
import type { CallOptions } from "./types.js";

/** Options of `getStory`. */
export interface GetStoryOptions extends CallOptions {
  /**
   * An ETag received earlier for this story: sent as `If-None-Match` on every hop, so the
   * answer is "not modified" ({@link StoryNotModified}) when the surviving story is unchanged.
   * Default: none (unconditional).
   */
  ifNoneMatch?: string | undefined;
  /** Merge redirects (308) followed at most; one more fails with kind `redirect`, code `too_many_redirects`. Default: 5. */
  maxHops?: number | undefined;
}

/** Where the id a story was asked for led, and the final answer's ETag and metadata. */
export interface StoryOrigin {
  /** The answer's ETag exactly as received (or the one sent when a 304 omitted it), to send as `ifNoneMatch` next time. */
  etag: string | undefined;
  /** The id asked for (taken from the link's last path segment when given a link). */
  requestedId: string;
  /** The id of the story that answered: store this one. */
  survivingId: string;
  /** Every id that answered 308 (merged into the next), in order; empty when the story was not merged. */
  mergedChain: string[];
  /** The final answer's response metadata. */
  meta: ResponseMeta;
}

/** A story found by `getStory`, and where the id it was asked for led. */
export interface StoryResult extends StoryOrigin {
  /** A new version (or an unconditional answer). */
  notModified: false;
  /** The story, after following any merges. */
  story: Story;
}

/** A conditional `getStory` whose surviving story did not change (304). */
export interface StoryNotModified extends StoryOrigin {
  /** Nothing changed since `ifNoneMatch`. */
  notModified: true;
  /** No body on a 304. */
  story: undefined;
}

/** `getStory`: unconditional calls give the story; with `ifNoneMatch`, the answer may be "not modified". */
export interface GetStory {
  /** The story (following merges). */
  (ref: StoryRef, options?: GetStoryOptions & { ifNoneMatch?: undefined }): Promise<StoryResult>;
  /** The story if it changed since `ifNoneMatch`, else "not modified" (following merges either way). */
  (ref: StoryRef, options: GetStoryOptions): Promise<StoryResult | StoryNotModified>;
}

/**
 * Something that names a story, in every shape a feed answer carries one: its public id; its
 * `links.story` HTML URL or a neighbour's `links.api` URL; a hot topic (`links.story`); a
 * storyline or related entry of a story (`StoryNeighbor`: `publicId`, `links.api`); or a story
 * itself (`publicId`).
 */
export type StoryRef =
  | string
  | {
      /** The story's public id (a `StoryNeighbor`'s or a `Story`'s): used first when present. */
      publicId: string;
      /** The object's links, unused when `publicId` is given. */
      links?: Record<string, unknown> | undefined;
    }
  | {
      /** A hot topic's or neighbour's links: `story` (HTML page) or `api` (the story's API URL); the last path segment is the id. */
      links: {
        /** The story's HTML link (a hot topic's). */
        story?: string | undefined;
        /** The story's API link (a `StoryNeighbor`'s). */
        api?: string | undefined;
        [other: string]: unknown;
      };
      /** Absent: a hot topic's `id` is an item's, never a story's. */
      publicId?: undefined;
    };

/** The last path segment of a URL, percent-decoded; `bad` is thrown when there is none or it does not decode. */
function lastSegment(url: URL, bad: () => FeedgateError): string {
  const segment = url.pathname
    .split("/")
    .filter((s) => s !== "")
    .pop();
  try {
    if (segment !== undefined) return decodeURIComponent(segment);
  } catch {}
  throw bad();
}

/** A story public id as the service has them: a UUID (8-4-4-4-12 hex, any case); any other id is a 404. */
export const STORY_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `ref` can name a story: a public id (a UUID, 8-4-4-4-12 hex, any case: the service
 * answers 404 for any other id) or an http(s) story link. Check it before any request.
 */
export const isStoryRef = (ref: string): boolean =>
  STORY_ID_PATTERN.test(ref) || /^\s*https?:\/\//i.test(ref);

/** The public id a reference names. A hot topic without `links.story` names none: its `id` is an item's. */
export function storyIdOf(ref: StoryRef): string {
  const bad = (rule: string) => invalidArgument("idOrStoryLink", rule);
  if (typeof ref === "object" && ref !== null) {
    const { publicId } = ref as { publicId?: unknown };
    if (publicId !== undefined) {
      if (typeof publicId !== "string" || publicId === "")
        throw invalidArgument("publicId", "a non-empty story id");
      return publicId;
    }
    const links = (ref.links ?? {}) as Record<string, unknown>;
    const link = [links["story"], links["api"]].find((l) => typeof l === "string" && l !== "");
    if (typeof link !== "string")
      throw invalidArgument(
        "links.story",
        "the hot topic has no story link (nor `links.api` or `publicId`)",
      );
    return storyIdOf(link);
  }
  if (typeof ref !== "string") throw bad("a story id, story link or hot topic");
  if (!/^https?:\/\//i.test(ref)) return ref;
  let url: URL;
  try {
    url = new URL(ref);
  } catch {
    throw bad("not a valid URL");
  }
  return lastSegment(url, () => bad("no valid last path segment"));
}

/** The public id a reference names, refused before any request unless it is a UUID (no `..`, no `/`). */
export function storyPublicIdOf(ref: StoryRef): string {
  const id = storyIdOf(ref);
  if (!STORY_ID_PATTERN.test(id))
    throw invalidArgument("publicId", "a story public id (a UUID) or a story URL ending in one");
  return id;
}

const REDIRECTS = [301, 302, 307, 308];

export function storyFollower(caller: Caller, baseUrl: string, log: Log) {
  const { origin, pathname } = new URL(baseUrl);
  const { path: storyPath, params: storyParams } = FEED_OPERATIONS.storyByPublicId;
  // The route's prefix: the operation's path up to its only parameter, `{publicId}`.
  const storiesPath = pathname.replace(/\/+$/, "") + storyPath.slice(0, storyPath.indexOf("{"));

  /**
   * Fetches a story by public id, `links.story` URL or hot topic, following merges itself:
   * on 308 it follows `Location` (relative or absolute, same origin and stories route only),
   * at most `maxHops` times, refusing loops. Where the platform hides redirect targets
   * (browsers' opaque redirects), it lets fetch follow them and reports the chain as
   * [requestedId] when the surviving id differs.
   */
  async function getStory(
    ref: StoryRef,
    options: GetStoryOptions = {},
  ): Promise<StoryResult | StoryNotModified> {
    const { maxHops = 5, ...call } = options;
    checkPositive("maxHops", maxHops, true);
    const requestedId = storyIdOf(ref);
    const chain: string[] = [];
    let id = requestedId;
    for (;;) {
      const answer = await caller.raw(
        "storyByPublicId",
        { path: { publicId: id } },
        { ...call, redirect: "manual" },
      );
      const { response } = answer;
      const { status } = response;
      if (response.type === "opaqueredirect") {
        // The platform hides the target: let fetch follow it, and check where it ended.
        const followed = await caller.raw(
          "storyByPublicId",
          { path: { publicId: requestedId } },
          { ...call, redirect: "follow" },
        );
        const landed = followed.response.url && new URL(followed.response.url).origin;
        if (landed && landed !== origin)
          throw redirectError("cross_origin_redirect", `merge redirect to ${landed} refused`);
        chain.length = 0;
        return followed.response.status === 304
          ? unchanged(followed, requestedId)
          : finish(followed, requestedId);
      }
      if (status === 304) return unchanged(answer, id);
      if (status < 300 || status > 399) return finish(answer, id);
      const fail = (code: string, message: string) => redirectError(code, message, status);
      const location = response.headers.get("location");
      if (!REDIRECTS.includes(status))
        throw fail("unexpected_redirect", `story ${id} answered ${status}`);
      if (location === null)
        throw fail("redirect_without_location", `story ${id} answered ${status} without Location`);
      let next: URL;
      try {
        next = new URL(location, answer.url);
      } catch {
        throw fail(
          "bad_location",
          `merge redirect to a bad Location ${JSON.stringify(location.slice(0, 200))}`,
        );
      }
      if (next.origin !== origin)
        throw fail("cross_origin_redirect", `merge redirect to ${next.origin} refused`);
      const rest = next.pathname.slice(storiesPath.length);
      if (!next.pathname.startsWith(storiesPath) || !rest || rest.includes("/") || next.search) {
        throw fail(
          "unexpected_redirect_target",
          `merge redirect outside the stories route: ${next.pathname}`,
        );
      }
      const target = lastSegment(next, () =>
        fail("bad_location", "merge redirect to a badly encoded story id"),
      );
      // The service chose this id, not the caller: one the kit would refuse to send is the
      // server's fault (a redirect error), never the caller's invalid argument.
      const invalid = problemOf(storyParams.publicId, target);
      if (invalid) throw fail("bad_location", `merge redirect to an invalid story id (${invalid})`);
      chain.push(id);
      if (chain.includes(target))
        throw fail("redirect_loop", `merge redirects loop: ${[...chain, target].join(" -> ")}`);
      if (chain.length > maxHops)
        throw fail("too_many_redirects", `more than maxHops (${maxHops}) merge redirects`);
      log("debug", `story ${id} was merged into ${target}`, { event: "redirect", status });
      id = target;
    }

    function unchanged({ meta }: RawAnswer, survivingId: string): StoryNotModified {
      const etag = meta.etag ?? call.ifNoneMatch;
      return {
        notModified: true,
        story: undefined,
        etag,
        requestedId,
        survivingId,
        mergedChain: chain,
        meta,
      };
    }

    function finish({ data, meta }: RawAnswer, answeredId: string): StoryResult {
      const story = (data as { story?: Story } | undefined)?.story;
      if (typeof story !== "object" || story === null) {
        throw badAnswer("not_a_story", "no story in the answer", { requestId: meta.requestId });
      }
      const survivingId =
        typeof story.publicId === "string" && story.publicId !== "" ? story.publicId : answeredId;
      // An alias answered directly (or an opaque redirect hid the chain): the asked-for id still merged.
      if (survivingId !== answeredId && !chain.includes(answeredId)) chain.push(answeredId);
      return {
        notModified: false,
        etag: meta.etag,
        story,
        requestedId,
        survivingId,
        mergedChain: chain,
        meta,
      };
    }
  }

  return getStory as GetStory;
}
