import type { components, operations, paths } from "./generated/feed.js";

type Schemas = components["schemas"];
type Query<Op extends keyof operations> = NonNullable<operations[Op]["parameters"]["query"]>;
type PathParams<Op extends keyof operations> = NonNullable<operations[Op]["parameters"]["path"]>;

export type { paths, components, operations };

// Schemas, by the document's own names.
export type Problem = Schemas["Problem"];
export type Attribution = Schemas["Attribution"];
export type Item = Schemas["Item"];
export type ItemMinimal = Schemas["ItemMinimal"];
export type Page = Schemas["Page"];
export type ItemsResponse = Schemas["ItemsResponse"];
export type HotTopic = Schemas["HotTopic"];
export type HotTopicsResponse = Schemas["HotTopicsResponse"];
export type Story = Schemas["Story"];
export type StoryReport = Schemas["StoryReport"];
export type StoryNeighbor = Schemas["StoryNeighbor"];
export type StoryResponse = Schemas["StoryResponse"];
export type DailiesResponse = Schemas["DailiesResponse"];
export type DailyEntry = Schemas["DailyEntry"];
export type DailyContentLinks = Schemas["DailyContentLinks"];
export type DailyReport = Schemas["DailyReport"];
export type DailyResponse = Schemas["DailyResponse"];
export type CodexResetEvent = Schemas["CodexResetEvent"];
export type CodexResetPost = Schemas["CodexResetPost"];
export type CodexResetContextPost = Schemas["CodexResetContextPost"];
export type CodexResetActivity = Schemas["CodexResetActivity"];
export type CodexResetsResponse = Schemas["CodexResetsResponse"];
export type SelectedSnapshot = Schemas["SelectedSnapshot"];
export type SelectedChanges = Schemas["SelectedChanges"];
export type SelectedUpsert = Schemas["SelectedUpsert"];
export type SelectedUpsertMinimal = Schemas["SelectedUpsertMinimal"];
export type SelectedRemove = Schemas["SelectedRemove"];

// Parameters of each operation.
export type ItemsQuery = Query<"items">;
export type DailiesQuery = Query<"dailies">;
export type SelectedSnapshotQuery = Query<"selectedSnapshot">;
export type SelectedChangesQuery = Query<"selectedChanges">;
export type StoryPathParams = PathParams<"storyByPublicId">;
export type DailyByDatePathParams = PathParams<"dailyByDate">;

/** The operationIds of the feed document. */
export type FeedOperationId = keyof operations;
