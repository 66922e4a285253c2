export {
  type ChurnTarget,
  createChurn,
  DEFAULT_ITEMS_QUERY,
  type GeneratedItem,
  itemsPageBody,
  makeFeedItem,
  makeSelectedItem,
  selectedId,
} from "./internal/data.js";
export { fakeTime } from "./internal/fake-time.js";
export { settleWithGc, userFetches } from "./internal/gc.js";
export {
  type HostileHandler,
  type HostileOptions,
  type HostileServer,
  sendEndless,
  sendJson,
  sendLargeJson,
  startHostileServer,
} from "./internal/hostile.js";
export { importCycles } from "./internal/import-cycles.js";
export {
  PUBLISHED_FEED_DOCUMENT_MISSING,
  publishedFeedDocumentPath,
  REAL_PAYLOADS_MISSING,
  readJsonPayload,
  readPayload,
  realPayloadsDir,
} from "./internal/payloads.js";
export {
  type Account,
  freePort,
  type RunningPostgres,
  serverAccount,
  serverCanReach,
  startPostgres,
} from "./internal/postgres.js";
export {
  type PrismOptions,
  prismGlobalSetup,
  type RunningPrism,
  startPrism,
} from "./internal/prism.js";
export { fromRoot, repoRoot } from "./internal/repo.js";
export {
  type FakeStarters,
  type HttpTestServer,
  type HttpTestServerOptions,
  type Stoppable,
  startHttpServer,
  type TestServers,
  testServers,
} from "./internal/servers.js";
export { loadSpec, type SpecValidator, type ValidationResult } from "./internal/spec.js";
export * from "./internal/stub-fetch.js";
