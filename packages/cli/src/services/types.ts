import type {
  CodexResetsResponse,
  DailiesResponse,
  DailyResponse,
  HotTopicsResponse,
  ItemsResponse,
  StoryResponse,
} from "@feedgate/feed-client";
import type { ImageTask, InputTokensResponse, CountTokensResponse, ResponseObject, ResponseStreamEvent } from "@feedgate/gateway-client";
import type { ResetChange } from "../render/resets.js";
import type { StoryOrigin } from "../render/story.js";

/**
 * What the commands need from the services, in the CLI's terms. The implementation
 * (services/feed.ts, services/gateway.ts) is a thin layer over @feedgate/kit; commands and the
 * demo only see this interface.
 */

/** Response metadata worth showing with `--verbose`. */
export interface Meta {
  status?: number | undefined;
  etag?: string | undefined;
  cacheControl?: string | undefined;
  requestId?: string | undefined;
}

export interface ItemsQueryInput {
  mode?: "selected" | "all" | undefined;
  category?: string | undefined;
  window?: "24h" | "7d" | undefined;
  by?: "timeline" | "published" | undefined;
  q?: string | undefined;
  limit?: number | undefined;
}

export interface WatchOptions {
  /** Requested poll interval; the watcher never polls faster than the server's s-maxage. */
  intervalMs?: number | undefined;
  signal: AbortSignal;
}

export interface MirrorProgress {
  phase: "snapshot" | "changes" | "idle";
  pages: number;
  items: number;
  /** Items in the local copy now. */
  total?: number | undefined;
  /** Changes (upserts and removes) applied from the ledger so far. */
  changes?: number | undefined;
  /** Idle (following): the wait before the next poll, in ms. */
  waitMs?: number | undefined;
}

export interface MirrorRunOptions {
  /** Shown in messages: the directory, or the PostgreSQL URL with its password masked. */
  dir: string;
  store: import("../cli/store-ref.js").StoreRef;
  /** The projection; undefined keeps the one the copy has (default for a new copy). */
  fields: "default" | "minimal" | undefined;
  follow: boolean;
  /** Requested change-poll interval when following. */
  intervalMs?: number | undefined;
  signal: AbortSignal;
  onProgress(progress: MirrorProgress): void;
}

export interface MirrorSummary {
  dir: string;
  fields: "default" | "minimal";
  /** Items in the local copy. */
  items: number;
  /** True when a saved cursor was found and the run resumed from it. */
  resumed: boolean;
  /** True when the run took a (new) snapshot. */
  snapshotTaken: boolean;
  /** Ledger changes (upserts and removes) applied by this run. */
  changes: number;
}

export interface FeedServices {
  hotTopics(signal: AbortSignal): Promise<{ data: HotTopicsResponse; meta: Meta }>;
  /** Yields each new version of the hot topics (the first one at once). */
  watchHotTopics(options: WatchOptions): AsyncIterable<{ data: HotTopicsResponse; meta: Meta }>;
  /**
   * One page (`all: false`) or every page, restarting transparently on an expired cursor;
   * `restarts` counts those restarts so far. `maxPages` bounds the walk (default: the kit's 1000).
   */
  items(query: ItemsQueryInput, all: boolean, signal: AbortSignal, maxPages?: number): AsyncIterable<ItemsResponse & { restarts: number }>;
  story(idOrUrl: string, signal: AbortSignal): Promise<{ data: StoryResponse; origin: StoryOrigin }>;
  daily(date: string | "latest", signal: AbortSignal): Promise<DailyResponse>;
  dailies(limit: number | undefined, signal: AbortSignal): Promise<DailiesResponse>;
  resets(recent: boolean, signal: AbortSignal): Promise<CodexResetsResponse>;
  /** Yields the calendar first (`changes` empty), then each new version with its changes. */
  watchResets(recent: boolean, options: WatchOptions): AsyncIterable<{ data: CodexResetsResponse; changes: ResetChange[] }>;
  mirror(options: MirrorRunOptions): Promise<MirrorSummary>;
}

export interface ImageRunOptions {
  async: boolean;
  signal: AbortSignal;
  /** Called with the task's status on every poll. */
  onStatus(status: string, taskId: string): void;
}

export interface ImageOutcome {
  /** The task id, when the work ran as a task (async, or a sync call the gateway turned into one). */
  taskId?: string | undefined;
  /** The final status as the gateway spelled it (`completed` for a synchronous result). */
  status: string;
  /** The last task state received, as the gateway sent it. */
  task?: ImageTask | undefined;
  images: Array<{ url?: string | undefined; b64_json?: string | undefined }>;
}

export interface GatewayServices {
  image(body: Record<string, unknown>, options: ImageRunOptions): Promise<ImageOutcome>;
  respond(model: string, prompt: string, signal: AbortSignal): Promise<{ response: ResponseObject; text: string }>;
  /** Streams the events; breaking out or aborting cancels the request. */
  respondStream(model: string, prompt: string, signal: AbortSignal): Promise<AsyncIterable<ResponseStreamEvent> & { requestId: string | undefined }>;
  countTokens(protocol: "responses" | "messages", model: string, text: string, signal: AbortSignal): Promise<InputTokensResponse | CountTokensResponse>;
}
