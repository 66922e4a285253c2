import { describe, expect, it } from "vitest";
import { createFleet, type FleetOptions } from "../../src/index.js";

// Issue 24, item 3: a misspelled option is refused before connecting, naming the option meant.
describe("option names of createFleet", () => {
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
