/**
 * `@feedgate/postgres`: the selected-set mirror and the feed's pollers shared by a fleet of
 * processes through PostgreSQL. Node-only.
 */

export { MAX_KEY_BYTES } from "./internal/cells.js";
export type { Sql } from "./internal/connection.js";
export { DIRECT_ENV, MAX_SCHEMA_LENGTH, redactUrl, STORE_ENV } from "./internal/connection.js";
export {
  createFleet,
  type FleetMember,
  type FleetOptions,
  type FleetResource,
  type FleetResourceStatus,
  type PolledResource,
  type StoredVersion,
} from "./internal/fleet.js";
export { SCHEMA_VERSION } from "./internal/migrations.js";
export {
  type ChangeNotice,
  type ItemFilter,
  type ItemPage,
  type ItemPageCursor,
  openPostgresStore,
  type PostgresMirrorStore,
  type PostgresStoreOptions,
  type SubscribeOptions,
} from "./internal/store.js";
