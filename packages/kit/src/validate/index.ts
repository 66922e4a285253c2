export { validateFeedRequest, FEED_LIMITS, FEED_OPERATIONS, type FeedOperation, type ValidatedRequest } from "./operations.js";
