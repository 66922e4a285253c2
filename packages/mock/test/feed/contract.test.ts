import { beforeAll, describe, expect, it } from "vitest";
import { type FeedFake, type FeedRoute, startFeedFake } from "../../src/index.js";
import { walkStatuses } from "../support/contract.js";
import { type Answer, expectConforms, feedSpecValidator, send } from "../support/http.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

let fake: FeedFake;
const A = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
let story = "";
let merged = "";
let date = "";
let cursor = "";

beforeAll(async () => {
  fake = await servers.feed();
  const hot = (await send(`${fake.url}/api/v1/hot-topics`)).json as {
    items: Array<{ links: { story?: string } }>;
  };
  story = hot.items[0]?.links.story?.split("/").pop() ?? "";
  merged = hot.items[3]?.links.story?.split("/").pop() ?? "";
  date =
    ((await send(`${fake.url}/api/v1/dailies`)).json as { items: Array<{ date: string }> }).items[0]
      ?.date ?? "";
  cursor = ((await send(`${fake.url}/api/v1/selected/snapshot`)).json as { cursor: string }).cursor;
});

/** One request per operation that answers 200; other statuses are derived from it. */
const ok = (): Record<FeedRoute, string> => ({
  items: "/api/v1/items?mode=all",
  codexResets: "/api/v1/codex-resets",
  codexResetsRecent: "/api/v1/codex-resets/recent",
  hotTopics: "/api/v1/hot-topics",
  storyByPublicId: `/api/v1/stories/${story}`,
  dailies: "/api/v1/dailies",
  latestDaily: "/api/v1/dailies/latest",
  dailyByDate: `/api/v1/dailies/${date}`,
  selectedSnapshot: "/api/v1/selected/snapshot?fields=minimal",
  selectedChanges: `/api/v1/selected/changes?cursor=${encodeURIComponent(cursor)}`,
});

/** Statuses the service's edge produces, not the application: the fake answers them only through a `body` fault. */
const EDGE_ONLY = new Set(["403"]);

async function produce(route: FeedRoute, status: string): Promise<Answer | undefined> {
  const path = ok()[route];
  const get = (p: string, headers: Record<string, string> = {}) => send(fake.url + p, { headers });
  switch (status) {
    case "200":
      return get(path);
    case "304": {
      const first = await get(path);
      return get(path, { "if-none-match": first.headers.get("etag") ?? "" });
    }
    case "308":
      return get(`/api/v1/stories/${merged}`);
    case "400":
      return get(`${path}${path.includes("?") ? "&" : "?"}unknown=1`);
    case "404":
      if (route === "storyByPublicId") return get(`/api/v1/stories/${A}`);
      if (route === "dailyByDate") return get("/api/v1/dailies/2001-01-01");
      fake.dailies.set([]);
      try {
        return await get(path);
      } finally {
        await fake.close().catch(() => undefined);
        // The file's shared fake, replaced: kept until the file ends, as the first one.
        fake = servers.track(await startFeedFake(), "file");
      }
    case "405":
      return send(fake.url + path, { method: "DELETE" });
    case "409":
      return route === "selectedChanges" ? get("/api/v1/selected/changes?cursor=") : undefined; // the snapshot declares 409 but the service never sends it there
    case "429":
    case "503":
      fake.faults.add({
        route,
        fault: { type: "status", status: Number(status) as 429 | 503 },
        times: 1,
      });
      return get(path);
    default:
      return undefined;
  }
}

describe("every feed answer conforms to specs/feed/dist/openapi-v1.json", () => {
  it("walks every operation and every declared status", async () => {
    const spec = feedSpecValidator();
    const { produced, skipped } = await walkStatuses(
      spec,
      async (operationId, status) =>
        EDGE_ONLY.has(status) ? undefined : produce(operationId as FeedRoute, status),
      (operationId, status, answer) => {
        if (status === "304" || status === "308") expect(answer.text).toBe("");
        if (status === "308")
          expect(answer.headers.get("location")).toMatch(/^\/api\/v1\/stories\//);
        if (Number(status) >= 400)
          expect(answer.headers.get("content-type")).toBe("application/problem+json");
        if (status === "429" || status === "503")
          expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect(answer.headers.get("x-request-id")).toBeTruthy();
        expectConforms("feed", operationId, answer);
      },
    );
    // 10 operations; 403 everywhere is edge-only, 409 on the snapshot is declared but never sent.
    expect(skipped.sort()).toEqual(
      [...spec.operations().map((o) => `${o.operationId} 403`), "selectedSnapshot 409"].sort(),
    );
    expect(produced).toHaveLength(65);
  });

  it("validates an edge-style 403 Problem sent through a body fault", async () => {
    fake.faults.add({
      route: "items",
      fault: {
        type: "body",
        status: 403,
        headers: { "content-type": "application/problem+json" },
        body: {
          type: "/problems/forbidden",
          title: "Forbidden",
          status: 403,
          detail: "Blocked client.",
          code: "forbidden",
          requestId: "edge-1",
        },
      },
      times: 1,
    });
    const answer = await send(`${fake.url}/api/v1/items`);
    expect(answer.status).toBe(403);
    expectConforms("feed", "items", answer);
  });
});
