import { describe, expect, it } from "vitest";
import { type HttpTestServer, startHttpServer, testServers } from "../../src/index.js";

// The builder stops what a test started after that test, and what a beforeAll started after
// the file: checked by asking the servers themselves whether they still answer.
const answers = (origin: string) =>
  fetch(origin).then(
    (r) => r.text().then(() => true),
    () => false,
  );

// A stand-in for the mock's startFeedFake: an untracked server, so only feed() can stop it.
const servers = testServers({
  startFeedFake: async (options?: { label: string }) => {
    const started = await startHttpServer((_req, res) => res.end(options?.label ?? "feed"));
    return { url: started.origin, close: started.close };
  },
});

let fromTheTest: HttpTestServer | undefined;
let keptForTheFile: HttpTestServer | undefined;
let feedUrl: string | undefined;

describe("testServers", () => {
  it("starts servers on 127.0.0.1 that answer", async () => {
    fromTheTest = await servers.http((_req, res) => res.end("hello"));
    expect(fromTheTest.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(fromTheTest.origin)).text()).toBe("hello");
    const feed = await servers.feed({ label: "fake" });
    feedUrl = feed.url;
    expect(await (await fetch(feed.url)).text()).toBe("fake");
    const hostile = await servers.hostile((_req, res) => void res.end("x"));
    expect(await answers(hostile.origin)).toBe(true);
    const localhost = await servers.http((_req, res) => res.end(), { originHost: "localhost" });
    expect(localhost.origin).toMatch(/^http:\/\/localhost:\d+$/);
  });

  it("has stopped what the previous test started", async () => {
    expect(fromTheTest).toBeDefined();
    expect(await answers(fromTheTest!.origin)).toBe(false);
    expect(await answers(feedUrl!)).toBe(false);
  });

  it("keeps what a test hands over until the file ends when asked", async () => {
    keptForTheFile = await startHttpServer((_req, res) => res.end("kept"));
    servers.track(keptForTheFile, "file");
  });

  it("has kept it", async () => {
    expect(await answers(keptForTheFile!.origin)).toBe(true);
  });

  it("stops tracked things last started first, and says which fake was not passed in", async () => {
    const order: string[] = [];
    servers.track({ close: async () => void order.push("first") });
    servers.track({ stop: async () => void order.push("second") });
    await expect(servers.gateway()).rejects.toThrow(/pass startGatewayFake/);
    // Read after the test's own hooks have run, in the next test.
    stoppedOrder = order;
  });

  it("stopped them in reverse order", () => {
    expect(stoppedOrder).toEqual(["second", "first"]);
  });
});

let stoppedOrder: string[] = [];
