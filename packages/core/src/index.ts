/**
 * `@feedgate/core`: what every feedgate package shares and re-exports — the one error family
 * ({@link FeedgateError} and its subclasses), the resilient transport both clients send through
 * (retries, timeouts, body caps, response metadata), the one backoff rule, and the environment
 * defaults (`FEEDGATE_FEED_URL`, `FEEDGATE_GATEWAY_URL`, `FEEDGATE_API_KEY`).
 * @packageDocumentation
 */

export { BACKOFF_DEFAULTS, type BackoffOptions, backoffDelay, withJitter } from "./backoff.js";
export {
  checkBaseUrl,
  checkFraction,
  checkOptionNames,
  checkPositive,
  closestName,
  stripUndefined,
} from "./checks.js";
export type { ClientOptions } from "./client-options.js";
export { ENV, PUBLIC_FEED_URL, readEnv, requireSetting, type Setting, settingOf } from "./env.js";
export {
  AbortError,
  AuthenticationError,
  ConfigError,
  ConflictError,
  ConnectionError,
  configError,
  createError,
  errorClassOf,
  FeedgateError,
  type FeedgateErrorInit,
  type FeedgateErrorKind,
  type GatewayEnvelope,
  InvalidRequestError,
  InvalidResponseError,
  invalidArgument,
  isFeedgateError,
  isTransientError,
  kindOfStatus,
  LimitExceededError,
  NotFoundError,
  PermissionDeniedError,
  type ProblemDetails,
  RateLimitError,
  ServerError,
  StreamError,
  TaskFailedError,
  TimeoutError,
  UnsupportedError,
} from "./errors.js";
export { type APIPromise, apiPromise, type WithResponse } from "./response.js";
export type { ApiRules, OperationRule, ParamRule } from "./rules.js";
export { CREDENTIAL_HEADERS, redact, secretForms } from "./secrets.js";
export {
  type Clock,
  MAX_SERVER_WAIT_MS,
  monotonicNow,
  pause,
  realSleep,
  type Sleep,
  serverWaitMs,
  systemClock,
  watch,
} from "./time.js";
export {
  createLog,
  type Log,
  type LogEvent,
  type LogFields,
  type Logger,
  type LogLevel,
  type LogOptions,
  loggableUrl,
} from "./transport/logger.js";
export {
  cacheDirectiveMs,
  freshnessMs,
  getResponseMeta,
  type ResponseMeta,
  requestIdOf,
} from "./transport/meta.js";
export {
  type CallOverrides,
  DEFAULTS as TRANSPORT_DEFAULTS,
  type ResilientFetchOptions,
} from "./transport/options.js";
export {
  followRedirects,
  type RedirectAttempt,
  type Redirected,
  type RedirectFollower,
} from "./transport/redirects.js";
export { createResilientFetch, type ResilientFetch } from "./transport/resilient-fetch.js";
export { parseRetryAfterHeaders } from "./transport/retry-after.js";
export {
  RETRY_POLICY_DEFAULTS,
  type RetryAdvice,
  type RetryFailure,
  type RetryPolicy,
} from "./transport/retry-policy.js";
