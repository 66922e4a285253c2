/**
 * `@feedgate/postgres`: the selected-set mirror and the feed's pollers shared by a fleet of
 * processes through PostgreSQL. Node-only.
 */
export { openPostgresStore, type PostgresStoreOptions, type PostgresMirrorStore, type ItemFilter, type ItemPage, type ItemPageCursor, type ChangeNotice, type SubscribeOptions } from "./store.js";
export { createFleet, type FleetOptions, type FleetMember, type FleetResource, type FleetResourceStatus, type PolledResource, type StoredVersion } from "./fleet.js";
export { redactUrl, STORE_ENV, DIRECT_ENV, MAX_SCHEMA_LENGTH } from "./connection.js";
export { MAX_KEY_BYTES } from "./cells.js";
export type { Sql } from "./connection.js";
export { SCHEMA_VERSION } from "./migrations.js";
