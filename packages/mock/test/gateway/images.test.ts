import { beforeEach, describe, expect, it } from "vitest";
import type { GatewayFake } from "../../src/index.js";
import { call, ROUTE_ALL } from "../support/gateway.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

let fake: GatewayFake;
beforeEach(async () => {
  fake = await servers.gateway(ROUTE_ALL);
});

type Json = Record<string, unknown>;
const submit = async (body: Json = { model: "Nano-Banana2", prompt: "a cat" }) =>
  (await call(fake, "POST /v1/images/generations?async=true", "createImage", body)).json as {
    task_id: string;
    status: string;
  };
const poll = async (id: string) =>
  (await call(fake, `GET /v1/images/generations/${id}`, "getImageTask")).json as Json;

describe("image generation", () => {
  it("answers sync calls with n images (url form, or b64_json on request)", async () => {
    const result = (
      await call(fake, "POST /v1/images/generations", "createImage", {
        model: "m",
        prompt: "p",
        n: 3,
      })
    ).json as Json;
    const data = result["data"] as Json[];
    expect(data).toHaveLength(3);
    expect(data[0]).toMatchObject({ b64_json: "", revised_prompt: "" });
    expect(String(data[0]?.["url"])).toMatch(
      new RegExp(`^${fake.url}/mock-files/[A-Za-z0-9_-]+\\.png$`),
    );
    const b64 = (
      await call(fake, "POST /v1/images/generations", "createImage", {
        model: "m",
        prompt: "p",
        response_format: "b64_json",
      })
    ).json as Json;
    expect((b64["data"] as Json[])[0]).toMatchObject({ url: "" });
    expect(String((b64["data"] as Json[])[0]?.["b64_json"]).length).toBeGreaterThan(20);
  });

  it("runs a default async task: queued on submit, running for one poll, then completed", async () => {
    const task = await submit();
    expect(task.status).toBe("queued");
    expect(task.task_id).toMatch(/^task_[A-Za-z0-9]{32}$/);
    expect((await poll(task.task_id))["status"]).toBe("queued");
    const done = await poll(task.task_id);
    expect(done).toMatchObject({ task_id: task.task_id, status: "completed" });
    expect((done["data"] as Json[])[0]).toMatchObject({ b64_json: "" });
    expect(await poll(task.task_id)).toEqual(done);
    expect(fake.images.taskIds()).toEqual([task.task_id]);
  });

  it("scripts the number of polls, the outcome, status aliases and errors", async () => {
    fake.images.scriptTask({
      polls: 3,
      outcome: "completed",
      status: "succeeded",
      images: [{ b64_json: "AAAA" }],
    });
    fake.images.scriptTask({
      polls: 0,
      outcome: "failed",
      status: "error",
      error: { code: "content_policy", message: "refused" },
    });
    fake.images.scriptTask({ polls: 1, outcome: "failed", runningStatus: "processing", times: 2 });
    const a = await submit();
    const b = await submit();
    const c = await submit();
    const d = await submit();
    expect(
      [await poll(a.task_id), await poll(a.task_id), await poll(a.task_id)].map((t) => t["status"]),
    ).toEqual(["queued", "in_progress", "in_progress"]);
    expect(await poll(a.task_id)).toMatchObject({
      status: "succeeded",
      data: [{ b64_json: "AAAA", url: "" }],
    });
    expect(await poll(b.task_id)).toMatchObject({
      status: "error",
      error: { code: "content_policy", message: "refused" },
    });
    for (const t of [c, d]) {
      expect((await poll(t.task_id))["status"]).toBe("processing");
      expect(await poll(t.task_id)).toMatchObject({
        status: "failed",
        error: { message: "The fake task failed." },
      });
    }
    const e = await submit();
    await poll(e.task_id);
    expect((await poll(e.task_id))["status"]).toBe("completed");
  });

  // `call` validates each answer against the gateway document.
  it("scripts a task failure in every shape the document gives: an object, a string error, a bare message", async () => {
    fake.images.scriptTask({ polls: 0, outcome: "failed", error: "refused as a string" });
    fake.images.scriptTask({
      polls: 0,
      outcome: "failed",
      error: null,
      message: "refused in a bare message",
    });
    const asString = await poll((await submit()).task_id);
    const asMessage = await poll((await submit()).task_id);
    expect(asString).toEqual({
      task_id: expect.any(String),
      status: "failed",
      error: "refused as a string",
    });
    expect(asMessage).toEqual({
      task_id: expect.any(String),
      status: "failed",
      message: "refused in a bare message",
    });
  });

  it("lets a sync call answer with the upstream's task when scripted, which the gateway cannot poll (M9)", async () => {
    fake.images.scriptTask({ polls: 0, outcome: "completed", syncAnswersTask: true });
    const answer = (
      await call(fake, "POST /v1/images/generations", "createImage", { model: "m", prompt: "p" })
    ).json as Json;
    expect(answer).toMatchObject({ status: "queued" });
    expect(await poll(String(answer["task_id"]))).toMatchObject({ code: "task_not_exist" });
  });

  it("answers task_not_exist as HTTP 400 with the task envelope", async () => {
    const answer = await call(fake, "GET /v1/images/generations/task_unknown", "getImageTask");
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ code: "task_not_exist", message: "task_not_exist", data: null });
  });

  it("requires model, not prompt (500 invalid_request without it), and refuses bad polls", async () => {
    const noModel = await call(fake, "POST /v1/images/generations", "createImage", {
      prompt: "p",
    });
    expect(noModel.status).toBe(500);
    expect(noModel.json).toMatchObject({ error: { code: "invalid_request" } });
    expect(
      (await call(fake, "POST /v1/images/generations", "createImage", { model: "m" })).status,
    ).toBe(200);
    expect(() => fake.images.scriptTask({ polls: -1, outcome: "completed" })).toThrow(RangeError);
  });
});
