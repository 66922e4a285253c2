export {
  FeedgateError,
  isFeedgateError,
  isTransientError,
  fromGatewayError,
  fromFeedProblem,
  type FeedgateErrorKind,
  type FeedgateErrorInit,
} from "./errors.js";
export * from "./transport/index.js";
export * from "./validate/index.js";
export * from "./feed/index.js";
export type { Clock, Sleep } from "./internal/time.js";
export * from "./mirror/index.js";
export * from "./images/index.js";
