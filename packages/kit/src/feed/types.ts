import type { ResponseMeta } from "@feedgate/core";
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

/** One operation's types: its parameters (`params`) and its successful answer's body (`data`). */
export interface FeedOperationTypes<P, D> {
  /** Its parameters: `query` (optional unless the operation requires one), `path`, or none. */
  params: P;
  /** Its successful answer's body. */
  data: D;
}

/** The parameters of an operation that takes a query (optional unless `Required<…>`). */
export interface WithQuery<Q> {
  /** Its query parameters. */
  query?: Q;
}

/** The parameters of an operation that takes path parameters. */
export interface WithPath<P> {
  /** Its path parameters. */
  path: P;
}

/** Parameters and answer of each feed operation (by operationId). */
export interface FeedOperationMap {
  /** The `items` operation. */
  items: FeedOperationTypes<WithQuery<ItemsQuery>, ItemsResponse>;
  /** The `codexResets` operation. */
  codexResets: FeedOperationTypes<Record<string, never>, CodexResetsResponse>;
  /** The `codexResetsRecent` operation. */
  codexResetsRecent: FeedOperationTypes<Record<string, never>, CodexResetsResponse>;
  /** The `hotTopics` operation. */
  hotTopics: FeedOperationTypes<Record<string, never>, HotTopicsResponse>;
  /** The `storyByPublicId` operation. */
  storyByPublicId: FeedOperationTypes<WithPath<StoryPathParams>, StoryResponse>;
  /** The `dailies` operation. */
  dailies: FeedOperationTypes<WithQuery<DailiesQuery>, DailiesResponse>;
  /** The `latestDaily` operation. */
  latestDaily: FeedOperationTypes<Record<string, never>, DailyResponse>;
  /** The `dailyByDate` operation. */
  dailyByDate: FeedOperationTypes<WithPath<DailyByDatePathParams>, DailyResponse>;
  /** The `selectedSnapshot` operation. */
  selectedSnapshot: FeedOperationTypes<WithQuery<SelectedSnapshotQuery>, SelectedSnapshot>;
  /** The `selectedChanges` operation. */
  selectedChanges: FeedOperationTypes<Required<WithQuery<SelectedChangesQuery>>, SelectedChanges>;
}

/** The operationIds the kit offers a typed call for. */
export type FeedOperationId = keyof FeedOperationMap;
/** The parameters of operation `Op`. */
export type FeedParams<Op extends FeedOperationId> = FeedOperationMap[Op]["params"];
/** The successful answer's body of operation `Op`. */
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
  /** The parsed body. */
  data: T;
  /** Status, request id, ETag, cache lifetimes, attempts and URL of the answer. */
  meta: ResponseMeta;
}

/** The answer of a conditional call: a new version, or "not modified" (304). */
export type ConditionalResult<T> =
  | {
      /** A new version arrived. */
      notModified: false;
      /** The parsed body. */
      data: T;
      /** The answer's ETag, to send as `ifNoneMatch` next time. */
      etag: string | undefined;
      /** The answer's metadata. */
      meta: ResponseMeta;
    }
  /** 304: the ETag is the answer's, or the one sent when the 304 omitted it. */
  | {
      /** Nothing changed since `ifNoneMatch`. */
      notModified: true;
      /** No body on a 304. */
      data: undefined;
      /** The ETag still current. */
      etag: string | undefined;
      /** The answer's metadata. */
      meta: ResponseMeta;
    };
