// Names of the 0.1.0 API that live on for one minor release as deprecated aliases, so an app
// written against 0.1.0 compiles with strike-throughs pointing at the replacement instead of
// errors. Removed in the next minor: see the migration section of the CHANGELOG.
import { ConfigError } from "@feedgate/core";

/**
 * The 0.1.0 error of a bad option.
 * @deprecated Use `ConfigError` (code `invalid_option`, the option in `option`). Removed in the next minor.
 */
export const FeedClientConfigError = ConfigError;
/**
 * The 0.1.0 name of the `ConfigError` type.
 * @deprecated Use `ConfigError`. Removed in the next minor.
 */
export type FeedClientConfigError = ConfigError;
