import { afterEach, describe, expect, it } from "vitest";
import { createFleet, openPostgresStore } from "../../src/index.js";
import { postgresTestBed, postgresUrl } from "../support/bed.js";

// Issue 21, item 10: the libraries read the URL from the environment when `url` is omitted,
// so that a password need not be written into code or a command line.

const saved = {
  store: process.env["FEEDGATE_STORE"],
  direct: process.env["FEEDGATE_STORE_DIRECT"],
};
afterEach(() => {
  for (const [name, value] of [
    ["FEEDGATE_STORE", saved.store],
    ["FEEDGATE_STORE_DIRECT", saved.direct],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});
const bed = postgresTestBed("e");
const { freshSchema } = bed;

describe("FEEDGATE_STORE and FEEDGATE_STORE_DIRECT", () => {
  it("openPostgresStore() and createFleet() without url use FEEDGATE_STORE", async () => {
    process.env["FEEDGATE_STORE"] = postgresUrl();
    delete process.env["FEEDGATE_STORE_DIRECT"];
    const store = await openPostgresStore({ schema: freshSchema() });
    expect(await store.count()).toBe(0);
    await store.close();
    const fake = await bed.feed({ cacheControl: { hotTopics: 1 } });
    // Without url: createFleet itself, not the bed's member (which passes the run's URL).
    const member = bed.track(
      await createFleet({
        schema: freshSchema(),
        feedUrl: fake.url,
        resources: ["hotTopics"],
        checkMs: 100,
      }),
    );
    expect(member.store.schema).toMatch(/^e/);
  });

  it("neither url nor FEEDGATE_STORE: a ConfigError naming both, before any connection", async () => {
    delete process.env["FEEDGATE_STORE"];
    await expect(openPostgresStore()).rejects.toMatchObject({
      kind: "config",
      option: "url",
      message: expect.stringContaining("FEEDGATE_STORE"),
    });
    await expect(createFleet()).rejects.toMatchObject({ kind: "config", option: "url" });
  });

  it("a URL that is not postgres:// is refused without echoing it; FEEDGATE_STORE_DIRECT is read and checked the same way", async () => {
    const error = await openPostgresStore({ url: "mysql://u:s3cret-pw@127.0.0.1/db" }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: "config", option: "url" });
    expect((error as Error).message).not.toContain("s3cret-pw");
    process.env["FEEDGATE_STORE_DIRECT"] = "not a url";
    await expect(
      openPostgresStore({ url: postgresUrl(), schema: freshSchema() }),
    ).rejects.toMatchObject({ kind: "config", option: "FEEDGATE_STORE_DIRECT" });
  });
});
