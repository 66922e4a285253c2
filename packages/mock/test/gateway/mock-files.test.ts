import { beforeAll, describe, expect, it } from "vitest";
import type { GatewayFake } from "../../src/index.js";
import { call, ROUTE_ALL } from "../support/gateway.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

let fake: GatewayFake;
beforeAll(async () => {
  fake = await servers.gateway(ROUTE_ALL);
});

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function download(url: string) {
  const response = await fetch(url);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("image files on the fake's own origin", () => {
  it("points sync results at /mock-files/<name>.png and serves a valid PNG there", async () => {
    const result = (
      await call(fake, "POST /v1/images/generations", "createImage", { model: "m", prompt: "p" })
    ).json as { data: Array<{ url: string }> };
    const url = result.data[0]!.url;
    expect(url).toMatch(new RegExp(`^${fake.url}/mock-files/[A-Za-z0-9_-]+\\.png$`));
    const { response, bytes } = await download(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
  });

  it("points completed tasks at the same place, named after the task", async () => {
    const task = (
      await call(fake, "POST /v1/images/generations?async=true", "createImage", {
        model: "m",
        prompt: "p",
      })
    ).json as { task_id: string };
    fake.images.taskIds();
    let done: { status: string; data?: Array<{ url: string }> } = { status: "queued" };
    for (let i = 0; i < 3 && done.status !== "completed"; i++) {
      done = (await call(fake, `GET /v1/images/generations/${task.task_id}`, "getImageTask"))
        .json as typeof done;
    }
    expect(done.data?.[0]?.url).toBe(`${fake.url}/mock-files/${task.task_id}.png`);
    const { bytes } = await download(done.data![0]!.url);
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  });

  it("needs no key for a file, and answers 404 NoRoute for other names", async () => {
    expect((await fetch(`${fake.url}/mock-files/x.png`)).status).toBe(200);
    const other = await fetch(`${fake.url}/mock-files/../etc.png`, {
      headers: { authorization: `Bearer ${fake.apiKey}` },
    });
    expect(other.status).toBe(404);
  });
});
