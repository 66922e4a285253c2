export type { FeedLimitOperation } from "./operations.js";
export {
  FEED_LIMITS,
  FEED_OPERATIONS,
  type FeedOperation,
  type ParamRule,
  type ValidatedRequest,
  validateFeedRequest,
} from "./operations.js";
