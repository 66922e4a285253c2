import type {
  CodexResetsResponse,
  DailiesResponse,
  DailyResponse,
  HotTopicsResponse,
  ItemsQuery,
  ItemsResponse,
  StoryResponse,
} from "@feedgate/feed-client";
import type {
  CountTokensResponse,
  GenerateContentResponse,
  ImageTask,
  InputTokensResponse,
  ResponseObject,
  ResponseStreamEvent,
} from "@feedgate/gateway-client";
import type { ContentImage } from "@feedgate/gateway-client/collect";
import type { ResponseMeta } from "@feedgate/kit";
import type { MirrorProgress as KitMirrorProgress } from "@feedgate/kit/mirror";
import type { ResetChange } from "../render/resets.js";
import type { StoryOrigin } from "../render/story.js";

/**
 * What the commands need from the services, in the CLI's terms. The implementation
 * (services/feed.ts, services/gateway.ts) is a thin layer over @feedgate/kit; commands and the
 * demo only see this interface.
 */

/** Response metadata worth showing with `--verbose`: the kit's, as the kit gives it (the demo's fakes give part of it). */
export type Meta = Partial<ResponseMeta>;

/** The items query the CLI sends: the feed client's own type, without the cursor (the kit pages). */
export type ItemsQueryInput = {
  [K in Exclude<keyof ItemsQuery, "cursor">]?: ItemsQuery[K] | undefined;
};

export interface WatchOptions {
  /** Requested poll interval; the watcher never polls faster than the server's s-maxage. */
  intervalMs?: number | undefined;
  signal: AbortSignal;
}

/** The kit's mirror progress, as the kit reports it (the demo's fakes give the counters they have). */
export type MirrorProgress = Pick<KitMirrorProgress, "phase" | "pages" | "items"> &
  Partial<Pick<KitMirrorProgress, "changes" | "waitMs">>;

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
  items(
    query: ItemsQueryInput,
    all: boolean,
    signal: AbortSignal,
    maxPages?: number,
  ): AsyncIterable<ItemsResponse & { restarts: number }>;
  story(
    idOrUrl: string,
    signal: AbortSignal,
  ): Promise<{ data: StoryResponse; origin: StoryOrigin }>;
  daily(date: string | "latest", signal: AbortSignal): Promise<DailyResponse>;
  dailies(limit: number | undefined, signal: AbortSignal): Promise<DailiesResponse>;
  resets(recent: boolean, signal: AbortSignal): Promise<CodexResetsResponse>;
  /** Yields the calendar first (`changes` empty), then each new version with its changes. */
  watchResets(
    recent: boolean,
    options: WatchOptions,
  ): AsyncIterable<{ data: CodexResetsResponse; changes: ResetChange[] }>;
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
  respond(
    model: string,
    prompt: string,
    signal: AbortSignal,
  ): Promise<{ response: ResponseObject; text: string }>;
  /** Streams the events; breaking out or aborting cancels the request. */
  respondStream(
    model: string,
    prompt: string,
    signal: AbortSignal,
  ): Promise<AsyncIterable<ResponseStreamEvent> & { requestId: string | undefined }>;
  countTokens(
    protocol: "responses" | "messages",
    model: string,
    text: string,
    signal: AbortSignal,
  ): Promise<InputTokensResponse | CountTokensResponse>;
  /** `generateContent` (or its stream, text handed to `onText` as it arrives): the answer, its text and its images. */
  generateContent(
    model: string,
    prompt: string,
    options: GenerateContentRunOptions,
  ): Promise<GenerateContentOutcome>;
}

export interface GenerateContentRunOptions {
  /** Ask for images too (`responseModalities: ["TEXT", "IMAGE"]`). */
  images: boolean;
  /** Stream the answer, handing each piece of text to `onText`. */
  stream: boolean;
  /** Receives each piece of streamed text. Default: none. */
  onText?: ((text: string) => Promise<void> | void) | undefined;
  signal: AbortSignal;
}

export interface GenerateContentOutcome {
  /** The whole answer (a stream's chunks folded into one). */
  answer: GenerateContentResponse;
  /** Its text parts (not thoughts), joined. */
  text: string;
  /** Its inline images, decoded. */
  images: ContentImage[];
}
