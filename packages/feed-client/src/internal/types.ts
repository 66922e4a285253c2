import type { components, operations, paths } from "../generated/feed.js";
import type { KnownParamValues } from "../generated/rules.js";

type Schemas = components["schemas"];
type Query<Op extends keyof operations> = NonNullable<operations[Op]["parameters"]["query"]>;
type PathParams<Op extends keyof operations> = NonNullable<operations[Op]["parameters"]["path"]>;

export type { components, operations, paths };

// Schemas, by the document's own names.
/** An error body (`application/problem+json`, RFC 9457), as the feed document defines it. Schema `Problem` of the feed document. */
export type Problem = Schemas["Problem"];
/** Who published an item: the source's name and link. Schema `Attribution` of the feed document. */
export type Attribution = Schemas["Attribution"];
/** One feed item with every field. Schema `Item` of the feed document. */
export type Item = Schemas["Item"];
/** One feed item with the minimal field set (`fields=minimal`). Schema `ItemMinimal` of the feed document. */
export type ItemMinimal = Schemas["ItemMinimal"];
/** Cursor-pagination information of a list response. Schema `Page` of the feed document. */
export type Page = Schemas["Page"];
/** The answer of `GET /api/v1/items`: a page of items. Schema `ItemsResponse` of the feed document. */
export type ItemsResponse = Schemas["ItemsResponse"];
/** One hot topic: a cluster of items about the same subject. Schema `HotTopic` of the feed document. */
export type HotTopic = Schemas["HotTopic"];
/** The answer of the hot-topics operation. Schema `HotTopicsResponse` of the feed document. */
export type HotTopicsResponse = Schemas["HotTopicsResponse"];
/** One story: every report about one real-world event. Schema `Story` of the feed document. */
export type Story = Schemas["Story"];
/** The written report of a story. Schema `StoryReport` of the feed document. */
export type StoryReport = Schemas["StoryReport"];
/** A story related to another one. Schema `StoryNeighbor` of the feed document. */
export type StoryNeighbor = Schemas["StoryNeighbor"];
/** The answer of the story-by-id operation. Schema `StoryResponse` of the feed document. */
export type StoryResponse = Schemas["StoryResponse"];
/** The answer of the dailies listing. Schema `DailiesResponse` of the feed document. */
export type DailiesResponse = Schemas["DailiesResponse"];
/** One daily digest in the dailies listing. Schema `DailyEntry` of the feed document. */
export type DailyEntry = Schemas["DailyEntry"];
/** Links to a daily digest's content. Schema `DailyContentLinks` of the feed document. */
export type DailyContentLinks = Schemas["DailyContentLinks"];
/** The content of one daily digest. Schema `DailyReport` of the feed document. */
export type DailyReport = Schemas["DailyReport"];
/** The answer of the daily-by-date operation. Schema `DailyResponse` of the feed document. */
export type DailyResponse = Schemas["DailyResponse"];
/** One Codex usage-limit reset event. Schema `CodexResetEvent` of the feed document. */
export type CodexResetEvent = Schemas["CodexResetEvent"];
/** A post announcing a Codex reset. Schema `CodexResetPost` of the feed document. */
export type CodexResetPost = Schemas["CodexResetPost"];
/** A post giving context to a Codex reset. Schema `CodexResetContextPost` of the feed document. */
export type CodexResetContextPost = Schemas["CodexResetContextPost"];
/** Activity around a Codex reset. Schema `CodexResetActivity` of the feed document. */
export type CodexResetActivity = Schemas["CodexResetActivity"];
/** The answer of the Codex-resets operation. Schema `CodexResetsResponse` of the feed document. */
export type CodexResetsResponse = Schemas["CodexResetsResponse"];
/** One page of the selected-set snapshot (the mirror's full copy). Schema `SelectedSnapshot` of the feed document. */
export type SelectedSnapshot = Schemas["SelectedSnapshot"];
/** One page of changes to the selected set since a cursor. Schema `SelectedChanges` of the feed document. */
export type SelectedChanges = Schemas["SelectedChanges"];
/** A change that adds or updates an item in the selected set. Schema `SelectedUpsert` of the feed document. */
export type SelectedUpsert = Schemas["SelectedUpsert"];
/** A selected-set upsert with the minimal field set. Schema `SelectedUpsertMinimal` of the feed document. */
export type SelectedUpsertMinimal = Schemas["SelectedUpsertMinimal"];
/** A change that removes an item from the selected set. Schema `SelectedRemove` of the feed document. */
export type SelectedRemove = Schemas["SelectedRemove"];

// Parameters of each operation.
/**
 * A category key: the keys the feed document lists today (`ai-models`, `ai-products`,
 * `industry`, `paper`, `tip`, `opinion`, taken from its examples by `pnpm generate`)
 * autocomplete, and any other string is accepted, as the service may add keys later.
 */
export type CategoryKey = KnownParamValues["items"]["category"];
/** Query parameters of the `items` operation (`category` typed as a {@link CategoryKey}). */
export type ItemsQuery = Omit<Query<"items">, "category"> & {
  /** Only items of this category. Default: every category. */
  category?: CategoryKey;
};
/** Query parameters of the `dailies` operation. */
export type DailiesQuery = Query<"dailies">;
/** Query parameters of the `selectedSnapshot` operation. */
export type SelectedSnapshotQuery = Query<"selectedSnapshot">;
/** Query parameters of the `selectedChanges` operation. */
export type SelectedChangesQuery = Query<"selectedChanges">;
/** Path parameters of the `storyByPublicId` operation. */
export type StoryPathParams = PathParams<"storyByPublicId">;
/** Path parameters of the `dailyByDate` operation. */
export type DailyByDatePathParams = PathParams<"dailyByDate">;

/** The operationIds of the feed document. */
export type FeedOperationId = keyof operations;
