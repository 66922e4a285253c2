import { ConfigError } from "@feedgate/core";
import { describe, expect, it } from "vitest";
import { openPostgresStore, type PostgresStoreOptions } from "../../src/index.js";

// Issue 24, item 3: a misspelled option is refused before connecting, naming the option meant.
describe("option names of openPostgresStore", () => {
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
});
