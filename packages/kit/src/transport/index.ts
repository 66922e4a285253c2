export { createResilientFetch, type ResilientFetch } from "./resilient-fetch.js";
export type { ResilientFetchOptions, CallOverrides } from "./options.js";
export { getResponseMeta, type ResponseMeta } from "./meta.js";
export type { Logger, LogLevel, LogFields, LogEvent } from "./logger.js";
export { parseRetryAfterHeaders } from "./retry-after.js";
