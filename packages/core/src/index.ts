/**
 * `@feedgate/core`: what every feedgate package shares and re-exports — the one error family
 * ({@link FeedgateError} and its subclasses), the resilient transport both clients send through
 * (retries, timeouts, body caps, response metadata), the one backoff rule, and the environment
 * defaults (`FEEDGATE_FEED_URL`, `FEEDGATE_GATEWAY_URL`, `FEEDGATE_API_KEY`).
 * @packageDocumentation
 */
export {
  FeedgateError,
  ConfigError,
  InvalidRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  RateLimitError,
  ServerError,
  ConnectionError,
  TimeoutError,
  AbortError,
  StreamError,
  UnsupportedError,
  InvalidResponseError,
  TaskFailedError,
  LimitExceededError,
  createError,
  errorClassOf,
  isFeedgateError,
  isTransientError,
  kindOfStatus,
  invalidArgument,
  configError,
  type FeedgateErrorKind,
  type FeedgateErrorInit,
  type GatewayEnvelope,
  type ProblemDetails,
} from "./errors.js";
export { backoffDelay, withJitter, BACKOFF_DEFAULTS, type BackoffOptions } from "./backoff.js";
export { readEnv, requireSetting, settingOf, type Setting, ENV, PUBLIC_FEED_URL } from "./env.js";
export { apiPromise, type APIPromise, type WithResponse } from "./response.js";
export { createResilientFetch, type ResilientFetch } from "./transport/resilient-fetch.js";
export { DEFAULTS as TRANSPORT_DEFAULTS, type ResilientFetchOptions, type CallOverrides } from "./transport/options.js";
export { getResponseMeta, requestIdOf, cacheDirectiveMs, freshnessMs, type ResponseMeta } from "./transport/meta.js";
export { createLog, scrubSecrets, loggableUrl, type Logger, type LogLevel, type LogFields, type LogEvent, type Log, type LogOptions } from "./transport/logger.js";
export { parseRetryAfterHeaders, parseRetryAfterBody } from "./transport/retry-after.js";
export { checkPositive, checkFraction, stripUndefined, checkOptionNames, closestName } from "./checks.js";
export { realSleep, monotonicNow, watch, pause, serverWaitMs, MAX_SERVER_WAIT_MS, systemClock, type Clock, type Sleep } from "./time.js";
export type { ApiRules, OperationRule, ParamRule } from "./rules.js";
