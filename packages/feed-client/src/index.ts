export { createFeedClient, type FeedClient, type FeedClientOptions } from "./client.js";
export { FeedClientConfigError, isFeedClientConfigError, FeedClientResponseError, isFeedClientResponseError } from "./errors.js";
export { readProblem, type FeedProblem } from "./problem.js";
export { VERSION } from "./generated/version.js";
export type * from "./types.js";
