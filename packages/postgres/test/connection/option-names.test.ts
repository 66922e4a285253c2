import { ConfigError } from "@feedgate/core";
import { describe, expect, it } from "vitest";
import { createFleet, type FleetOptions, openPostgresStore } from "../../src/index.js";

// Issue 24, item 3: a misspelled option is refused before connecting, naming the option meant.
describe("option names", () => {
  const url = "postgres://127.0.0.1:9/x";
  it.each([
    [
      "openPostgresStore",
      () => openPostgresStore({ url, schemas: "x" } as never),
      "schemas",
      "schema",
    ],
    [
      "createFleet",
      () => createFleet({ url, feedURL: "http://127.0.0.1:9" } as FleetOptions),
      "feedURL",
      "feedUrl",
    ],
  ])("%s refuses a misspelled option", async (name, open, given, meant) => {
    const opening = open();
    await expect(opening).rejects.toThrow(ConfigError);
    await expect(opening).rejects.toThrow(
      `${given}: not an option of ${name}; did you mean "${meant}"?`,
    );
  });
});
