/**
 * `@feedgate/kit`: the ergonomic layer over the two clients. This entry point re-exports what
 * every feedgate package shares (the error family and the resilient transport, from
 * `@feedgate/core`); the other entry points build on it: `@feedgate/kit/feed` (the feed kit and
 * input validation), `@feedgate/kit/mirror` (the selected-set mirror; its on-disk store in
 * `@feedgate/kit/node`) and `@feedgate/kit/images` (image generation and task polling).
 * @packageDocumentation
 */

export {
  type BackoffOptions,
  backoffDelay,
  type CallOverrides,
  type Clock,
  createResilientFetch,
  getResponseMeta,
  type LogEvent,
  type LogFields,
  type Logger,
  type LogLevel,
  parseRetryAfterHeaders,
  type ResilientFetch,
  type ResilientFetchOptions,
  type ResponseMeta,
  type Sleep,
} from "@feedgate/core";
export * from "@feedgate/core/errors";
