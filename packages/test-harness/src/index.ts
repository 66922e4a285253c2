export {
  DEFAULT_ITEMS_QUERY,
  type GeneratedItem,
  itemsPageBody,
  makeFeedItem,
  makeSelectedItem,
  selectedId,
} from "./data.js";
export { fakeTime } from "./fake-time.js";
export { settleWithGc, userFetches } from "./gc.js";
export {
  type HostileHandler,
  type HostileOptions,
  type HostileServer,
  sendEndless,
  sendJson,
  sendLargeJson,
  startHostileServer,
} from "./hostile.js";
export { importCycles } from "./import-cycles.js";
export {
  PUBLISHED_FEED_DOCUMENT_MISSING,
  publishedFeedDocumentPath,
  REAL_PAYLOADS_MISSING,
  readJsonPayload,
  readPayload,
  realPayloadsDir,
} from "./payloads.js";
export {
  type Account,
  freePort,
  type RunningPostgres,
  serverAccount,
  serverCanReach,
  startPostgres,
} from "./postgres.js";
export { type PrismOptions, type RunningPrism, startPrism } from "./prism.js";
export { fromRoot, repoRoot } from "./repo.js";
export {
  type FakeStarters,
  type HttpTestServer,
  type HttpTestServerOptions,
  type Stoppable,
  startHttpServer,
  type TestServers,
  testServers,
} from "./servers.js";
export { loadSpec, type SpecValidator, type ValidationResult } from "./spec.js";
export * from "./stub-fetch.js";
