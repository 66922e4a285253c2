export { validateFeedRequest, FEED_LIMITS, FEED_OPERATIONS, type FeedOperation, type ParamRule, type ValidatedRequest } from "./operations.js";
export type { FeedLimitOperation } from "./operations.js";
