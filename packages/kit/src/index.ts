/**
 * `@feedgate/kit`: what both clients share — the resilient transport (`createResilientFetch`,
 * response metadata, the logger hook) and the one typed error family. The other entry points
 * build on it: `@feedgate/kit/feed` (the feed kit and input validation), `@feedgate/kit/mirror`
 * (the selected-set mirror; its on-disk store in `@feedgate/kit/node`) and
 * `@feedgate/kit/images` (image generation and task polling on the gateway).
 */
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
export type { Clock, Sleep } from "./internal/time.js";
