export { repoRoot, fromRoot } from "./repo.js";
export { realPayloadsDir, readPayload, readJsonPayload, REAL_PAYLOADS_MISSING, publishedFeedDocumentPath, PUBLISHED_FEED_DOCUMENT_MISSING } from "./payloads.js";
export { startPrism, type PrismOptions, type RunningPrism } from "./prism.js";
export { loadSpec, type SpecValidator, type ValidationResult } from "./spec.js";
export { startHostileServer, sendEndless, sendJson, sendLargeJson, type HostileServer, type HostileHandler, type HostileOptions } from "./hostile.js";
export { startPostgres, freePort, type RunningPostgres } from "./postgres.js";
export * from "./stub-fetch.js";
