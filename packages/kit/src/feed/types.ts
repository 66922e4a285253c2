import { type ResponseMeta } from "@feedgate/core";
import type {
  CodexResetsResponse,
  DailiesQuery,
  DailiesResponse,
  DailyByDatePathParams,
  DailyResponse,
  HotTopicsResponse,
  ItemsQuery,
  ItemsResponse,
  SelectedChanges,
  SelectedChangesQuery,
  SelectedSnapshot,
  SelectedSnapshotQuery,
  StoryPathParams,
  StoryResponse,
} from "@feedgate/feed-client";

/** Parameters and answer of each feed operation (by operationId). */
export interface FeedOperationMap {
  items: { params: { query?: ItemsQuery }; data: ItemsResponse };
  codexResets: { params: Record<string, never>; data: CodexResetsResponse };
  codexResetsRecent: { params: Record<string, never>; data: CodexResetsResponse };
  hotTopics: { params: Record<string, never>; data: HotTopicsResponse };
  storyByPublicId: { params: { path: StoryPathParams }; data: StoryResponse };
  dailies: { params: { query?: DailiesQuery }; data: DailiesResponse };
  latestDaily: { params: Record<string, never>; data: DailyResponse };
  dailyByDate: { params: { path: DailyByDatePathParams }; data: DailyResponse };
  selectedSnapshot: { params: { query?: SelectedSnapshotQuery }; data: SelectedSnapshot };
  selectedChanges: { params: { query: SelectedChangesQuery }; data: SelectedChanges };
}

export type FeedOperationId = keyof FeedOperationMap;
export type FeedParams<Op extends FeedOperationId> = FeedOperationMap[Op]["params"];
export type FeedData<Op extends FeedOperationId> = FeedOperationMap[Op]["data"];

/** Per-call options of every kit call. Unset ones fall back to the kit's transport options. */
export interface CallOptions {
  /** Cancels the call, its retries and waits. Default: none. */
  signal?: AbortSignal | undefined;
  /** Retries of this call. Default: the transport's `maxRetries` (2). */
  maxRetries?: number | undefined;
  /** Per-attempt timeout of this call. Default: the transport's `timeoutMs` (60000 ms). */
  timeoutMs?: number | undefined;
  /** Overall deadline of this call. Default: the transport's `deadlineMs` (120000 ms). */
  deadlineMs?: number | undefined;
}

/** A conditional call: sends `If-None-Match` with this ETag, exactly as it was received. */
export interface ConditionalCallOptions extends CallOptions {
  /** An ETag received earlier for the same URL (weak `W/` prefix and quotes kept). Default: none (unconditional). */
  ifNoneMatch?: string | undefined;
}

/** A successful answer and its metadata. */
export interface FeedResult<T> {
  data: T;
  meta: ResponseMeta;
}

/** The answer of a conditional call: a new version, or "not modified" (304). */
export type ConditionalResult<T> =
  | { notModified: false; data: T; etag: string | undefined; meta: ResponseMeta }
  /** 304: the ETag is the answer's, or the one sent when the 304 omitted it. */
  | { notModified: true; data: undefined; etag: string | undefined; meta: ResponseMeta };
