/**
 * `@feedgate/core`: what every feedgate package shares and re-exports — the one error family
 * ({@link FeedgateError} and its subclasses), the resilient transport both clients send through
 * (retries, timeouts, body caps, response metadata), the one backoff rule, and the environment
 * defaults (`FEEDGATE_FEED_URL`, `FEEDGATE_GATEWAY_URL`, `FEEDGATE_API_KEY`).
 * @packageDocumentation
 */

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
  InvalidRequestError,
  InvalidResponseError,
  invalidArgument,
  isFeedgateError,
  isTransientError,
  kindOfStatus,
  LimitExceededError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  type ServiceErrorBodies,
  type ServiceErrorBody,
  StreamError,
  TaskFailedError,
  TimeoutError,
  UnsupportedError,
} from "./errors.js";
export {
  BACKOFF_DEFAULTS,
  type BackoffOptions,
  backoffDelay,
  withJitter,
} from "./internal/backoff.js";
export {
  checkBaseUrl,
  checkFraction,
  checkOptionNames,
  checkPositive,
  closestName,
  stripUndefined,
} from "./internal/checks.js";
export {
  type ClientOptions,
  clientTransport,
  isBrowser,
  refuseCredentials,
} from "./internal/client-options.js";
export {
  ENV,
  PUBLIC_FEED_URL,
  readEnv,
  requireSetting,
  type Setting,
  settingOf,
} from "./internal/env.js";
export { type APIPromise, apiPromise, type WithResponse } from "./internal/response.js";
export type { ApiRules, OperationRule, ParamRule } from "./internal/rules.js";
export { CREDENTIAL_HEADERS, redact, secretForms } from "./internal/secrets.js";
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
} from "./internal/time.js";
export {
  createLog,
  type Log,
  type LogEvent,
  type LogFields,
  type Logger,
  type LogLevel,
  type LogOptions,
  loggableUrl,
} from "./internal/transport/logger.js";
export {
  cacheDirectiveMs,
  freshnessMs,
  getResponseMeta,
  type ResponseMeta,
  requestIdOf,
} from "./internal/transport/meta.js";
export {
  type CallOverrides,
  DEFAULTS as TRANSPORT_DEFAULTS,
  type ResilientFetchOptions,
} from "./internal/transport/options.js";
export {
  followRedirects,
  type RedirectAttempt,
  type Redirected,
  type RedirectFollower,
} from "./internal/transport/redirects.js";
export { createResilientFetch, type ResilientFetch } from "./internal/transport/resilient-fetch.js";
export { parseRetryAfterHeaders } from "./internal/transport/retry-after.js";
export {
  RETRY_POLICY_DEFAULTS,
  type RetryAdvice,
  type RetryFailure,
  type RetryPolicy,
} from "./internal/transport/retry-policy.js";
