/**
 * `@feedgate/postgres`: the selected-set mirror and the feed's pollers shared by a fleet of
 * processes through PostgreSQL. Node-only.
 */
export { openPostgresStore, type PostgresStoreOptions, type PostgresMirrorStore, type ItemFilter, type ItemPage, type ItemPageCursor, type ChangeNotice } from "./store.js";
export { redactUrl } from "./connection.js";
export type { Sql } from "./connection.js";
export { SCHEMA_VERSION } from "./migrations.js";
export { createFleet, type FleetOptions, type FleetMember, type FleetResource } from "./fleet.js";
