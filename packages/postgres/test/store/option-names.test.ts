import { ConfigError } from "@feedgate/core";
import { describe, expect, it } from "vitest";
import {
  createFleet,
  type FleetOptions,
  openPostgresStore,
  type PostgresStoreOptions,
} from "../src/index.js";

// Issue 24, item 3: a misspelled option is refused before connecting, naming the option meant.
describe("option names of openPostgresStore and createFleet", () => {
  it("openPostgresStore refuses a misspelled option", async () => {
    const opening = openPostgresStore({
      url: "postgres://127.0.0.1:9/x",
      schemas: "x",
    } as PostgresStoreOptions);
    await expect(opening).rejects.toThrow(ConfigError);
    await expect(opening).rejects.toThrow(
      'schemas: not an option of openPostgresStore; did you mean "schema"?',
    );
  });

  it("createFleet refuses a misspelled option", async () => {
    const creating = createFleet({
      url: "postgres://127.0.0.1:9/x",
      feedURL: "http://127.0.0.1:9",
    } as FleetOptions);
    await expect(creating).rejects.toThrow(
      'feedURL: not an option of createFleet; did you mean "feedUrl"?',
    );
  });
});
