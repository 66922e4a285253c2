import { createGatewayClient, type GatewayClient } from "@feedgate/gateway-client";
import { type GatewayFake, startGatewayFake } from "@feedgate/mock";
import { afterEach, describe, expect, it } from "vitest";
import {
  generateImage,
  type ImageTaskOptions,
  taskState,
  waitForImageTask,
} from "../../src/images/index.js";
import { createResilientFetch, isFeedgateError, isTransientError } from "../../src/index.js";

const fakes: GatewayFake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

async function setup(transport: { maxRetries?: number } = {}) {
  const fake = await startGatewayFake({ seed: 8, models: "any" });
  fakes.push(fake);
  const client: GatewayClient = createGatewayClient({
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    fetch: createResilientFetch({
      maxRetries: transport.maxRetries ?? 2,
      initialDelayMs: 1,
      maxDelayMs: 5,
    }),
  });
  // A fake clock that the injected sleep advances: polling runs instantly, deadlines still count.
  let now = 1_000_000;
  const waits: number[] = [];
  const timing: ImageTaskOptions = {
    now: () => now,
    sleep: async (ms, signal) => {
      waits.push(ms);
      now += ms;
      if (signal?.aborted) throw signal.reason;
    },
  };
  const polls = () => fake.requests.filter((r) => r.route === "getImageTask");
  const creates = () => fake.requests.filter((r) => r.route === "createImage");
  return { fake, client, waits, timing, polls, creates };
}

const prompt = { model: "Nano-Banana2", prompt: "a lighthouse at dawn" };

/** What the call rejected with. */
const failureOf = (call: Promise<unknown>) => call.catch((e: unknown) => e);

/** A generation whose task never ends, on the test's timing plus `options`: what it failed with. */
async function neverFinishing(options: Parameters<typeof generateImage>[2]) {
  const test = await setup();
  test.fake.images.scriptTask({ polls: 1_000, outcome: "completed" });
  const error = await failureOf(generateImage(test.client, prompt, { ...test.timing, ...options }));
  return { ...test, error };
}

describe("generateImage / waitForImageTask", () => {
  it("submits with async=true, polls every 5 s until completed, and returns the images", async () => {
    const { fake, client, waits, timing, polls, creates } = await setup();
    fake.images.scriptTask({
      polls: 3,
      outcome: "completed",
      images: [{ url: "https://img.example/1.png" }, { b64_json: "AAAA" }],
    });
    const result = await generateImage(client, prompt, { ...timing, random: () => 0 });

    expect(result.images).toEqual([{ url: "https://img.example/1.png" }, { b64_json: "AAAA" }]);
    expect(result).toMatchObject({ status: "completed", polls: 4 });
    expect(result.taskId).toMatch(/^task_/);
    expect(creates()).toHaveLength(1);
    expect(creates()[0]!.query.get("async")).toBe("true");
    expect(polls().map((r) => r.path)).toEqual(
      Array(4).fill(`/v1/images/generations/${result.taskId}`),
    );
    expect(waits).toEqual([5_000, 5_000, 5_000, 5_000]);
  });

  it.each(["succeeded", "success", "done", "SUCCEEDED"])(
    "treats %s as completed",
    async (status) => {
      const { fake, client, timing } = await setup();
      fake.images.scriptTask({ polls: 1, outcome: "completed", status });
      const result = await generateImage(client, prompt, timing);
      expect(result.status).toBe(status);
      expect(result.images).toHaveLength(1);
    },
  );

  it.each(["failed", "error", "cancelled", "canceled"])(
    "treats %s as failed, with the task's error",
    async (status) => {
      const { fake, client, timing, polls } = await setup();
      fake.images.scriptTask({
        polls: 2,
        outcome: "failed",
        status,
        error: { code: "content_policy", message: "the prompt was refused" },
      });
      const error = await generateImage(client, prompt, timing).catch((e: unknown) => e);
      expect(isFeedgateError(error, "task_failed")).toBe(true);
      expect(error).toMatchObject({
        code: "content_policy",
        envelope: { kind: "task", code: "content_policy", message: "the prompt was refused" },
      });
      expect((error as Error).message).toContain("the prompt was refused");
      expect(polls()).toHaveLength(3);
    },
  );

  it.each([
    ["an error object", { error: { message: "the prompt was refused" } }],
    ["a string error", { error: "the prompt was refused" }],
    ["a bare message", { error: null, message: "the prompt was refused" }],
  ] as const)("a failed task with %s fails with that reason", async (_shape, failure) => {
    const { fake, client, timing } = await setup();
    fake.images.scriptTask({ polls: 1, outcome: "failed", ...failure });
    const error = await generateImage(client, prompt, timing).catch((e: unknown) => e);
    expect(isFeedgateError(error, "task_failed")).toBe(true);
    expect(error).toMatchObject({
      code: "task_failed",
      envelope: { kind: "task", code: "task_failed", message: "the prompt was refused" },
    });
    expect((error as Error).message).toMatch(/ended failed: the prompt was refused$/);
  });

  it("keeps polling through statuses it does not know", async () => {
    const { fake, client, timing, polls } = await setup();
    fake.images.scriptTask({ polls: 3, outcome: "completed", runningStatus: "unknown" });
    await generateImage(client, prompt, timing);
    fake.images.scriptTask({ polls: 2, outcome: "completed", runningStatus: "rendering-on-mars" });
    await generateImage(client, prompt, timing);
    expect(polls()).toHaveLength(4 + 3);
    expect(taskState("queued")).toBe("running");
    expect(taskState("expired")).toBe("running");
    expect(taskState(undefined)).toBe("running");
  });

  it("maps task_not_exist (HTTP 400) to not_found, asked once and never retried", async () => {
    const { client, timing, polls } = await setup({ maxRetries: 5 });
    const error = await waitForImageTask(
      client,
      "task_00000000000000000000000000000000",
      timing,
    ).catch((e: unknown) => e);
    expect(isFeedgateError(error, "not_found")).toBe(true);
    expect(error).toMatchObject({ status: 400, code: "task_not_exist" });
    expect(polls()).toHaveLength(1);
  });

  it("waits for a task by id or by a task object carrying `id` instead of `task_id`", async () => {
    const { fake, client, timing, polls } = await setup();
    fake.images.scriptTask({ polls: 1, outcome: "completed", times: 2 });
    const taskOf = async () => {
      const submission = await client.images.submit(prompt);
      if (submission.kind !== "task")
        throw new Error("the fork's fake answers async=true with a task");
      return submission.task;
    };
    const submitted = await taskOf();
    const byId = await waitForImageTask(client, submitted.task_id, timing);
    expect(byId).toMatchObject({ taskId: submitted.task_id, status: "completed", polls: 2 });

    const other = await taskOf();
    const byAlias = await waitForImageTask(
      client,
      { id: other.task_id, status: "queued" } as never,
      timing,
    );
    expect(byAlias.taskId).toBe(other.task_id);
    expect(polls().at(-1)!.path).toBe(`/v1/images/generations/${other.task_id}`);
  });

  it("a task in a synchronous answer is the upstream's: an error naming it, never polled (M9); a synchronous result is returned directly", async () => {
    const { fake, client, timing, creates, polls } = await setup();
    fake.images.scriptTask({ polls: 1, outcome: "completed", syncAnswersTask: true });
    const error = await generateImage(client, prompt, { ...timing, mode: "sync" }).catch(
      (e: unknown) => e,
    );
    expect(creates()[0]!.query.has("async")).toBe(false);
    expect(error).toMatchObject({ kind: "invalid_response", code: "upstream_task" });
    expect((error as Error).message).toMatch(
      /upstream's task task_\w+, which this gateway cannot poll/,
    );
    expect((error as { taskId?: string }).taskId).toMatch(/^task_/);

    const direct = await generateImage(client, { ...prompt, n: 2 }, { ...timing, mode: "sync" });
    expect(direct).toMatchObject({ taskId: undefined, status: "completed", polls: 0 });
    expect(direct.images).toHaveLength(2);
    expect(polls()).toHaveLength(0);
  });

  it("fails with kind timeout at the deadline", async () => {
    const { polls, error } = await neverFinishing({ deadlineMs: 30_000, random: () => 0 });
    expect(isFeedgateError(error, "timeout")).toBe(true);
    // The first poll comes 5 s after the submission, then one every 5 s: 6 within 30 s.
    expect(polls()).toHaveLength(6);
  });

  it("stops with kind aborted when the signal fires, sending nothing more", async () => {
    const { fake, client, polls } = await setup();
    fake.images.scriptTask({ polls: 1_000, outcome: "completed" });
    const controller = new AbortController();
    let sleeps = 0;
    const error = await failureOf(
      generateImage(client, prompt, {
        signal: controller.signal,
        sleep: async (_ms, signal) => {
          if (++sleeps === 3) controller.abort();
          if (signal?.aborted) throw signal.reason;
        },
      }),
    );
    expect(isFeedgateError(error, "aborted")).toBe(true);
    expect(polls()).toHaveLength(2);

    // With the real timer too: the 5 s wait ends at once.
    const live = new AbortController();
    const started = performance.now();
    const running = generateImage(client, prompt, { signal: live.signal });
    setTimeout(() => live.abort(), 50);
    expect(await running.catch((e: unknown) => (e as { kind?: string }).kind)).toBe("aborted");
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("keeps the interval within 5–10 s, jitter included", async () => {
    const { fake, client, waits, timing } = await setup();
    fake.images.scriptTask({ polls: 2, outcome: "completed", times: 3 });
    await generateImage(client, prompt, { ...timing, intervalMs: 1_000, random: () => 0 });
    await generateImage(client, prompt, { ...timing, intervalMs: 60_000, random: () => 0.999 });
    await generateImage(client, prompt, {
      ...timing,
      intervalMs: 9_500,
      jitter: 0.5,
      random: () => 0.999,
    });
    expect(waits.slice(0, 3)).toEqual([5_000, 5_000, 5_000]);
    expect(waits.slice(3, 6)).toEqual([10_000, 10_000, 10_000]);
    expect(waits.slice(6)).toEqual([10_000, 10_000, 10_000]);
    expect(waits.every((w) => w >= 5_000 && w <= 10_000)).toBe(true);
  });

  it("rides out a failed poll (503) and polls again after the next interval", async () => {
    const { fake, client, waits, timing, polls } = await setup({ maxRetries: 0 });
    fake.images.scriptTask({ polls: 1, outcome: "completed" });
    fake.faults.add({ route: "getImageTask", fault: { type: "status", status: 503 }, times: 1 });
    const result = await generateImage(client, prompt, { ...timing, random: () => 0 });
    expect(result.images).toHaveLength(1);
    expect(polls().map((r) => r.status)).toEqual([503, 200, 200]);
    expect(waits).toEqual([5_000, 5_000, 5_000]);
  });

  it("waits a Retry-After longer than the transport's ceiling before polling again", async () => {
    const { fake, client, waits, timing, polls } = await setup();
    fake.images.scriptTask({ polls: 0, outcome: "completed" });
    // 70 s is over the transport's 60 s maxRetryAfterMs: it hands the wait over (retry_too_long).
    fake.faults.add({
      route: "getImageTask",
      fault: { type: "status", status: 429, retryAfterMs: 70_000 },
      times: 1,
    });
    const result = await generateImage(client, prompt, { ...timing, random: () => 0 });
    expect(result.images).toHaveLength(1);
    expect(polls().map((r) => r.status)).toEqual([429, 200]);
    expect(waits).toEqual([5_000, 70_000]);
  });

  it("times out at once when the asked wait would pass the deadline", async () => {
    const { fake, client, timing, polls } = await setup();
    fake.images.scriptTask({ polls: 0, outcome: "completed" });
    fake.faults.add({
      route: "getImageTask",
      fault: { type: "status", status: 429, retryAfterMs: 400_000 },
      times: 1,
    });
    const error = await generateImage(client, prompt, timing).catch((e: unknown) => e);
    expect(isFeedgateError(error, "timeout")).toBe(true);
    expect(polls()).toHaveLength(1);
  });

  // Issue 20 (5): a key restricted to certain models cannot poll (the gateway checks model ""): the billed task is kept.
  it("a 403 on the first poll keeps the task id in the error, and says how to resume", async () => {
    const { fake, client, timing, polls, creates } = await setup();
    fake.images.scriptTask({ polls: 0, outcome: "completed" });
    const body = {
      error: {
        message: "This token has no access to model  (request id: 20261125221500abc)",
        type: "new_api_error",
        code: "",
      },
    };
    fake.faults.add({
      route: "getImageTask",
      fault: { type: "body", status: 403, body },
      times: 1,
    });
    const error = await generateImage(client, prompt, timing).catch((e: unknown) => e);
    expect(isFeedgateError(error, "permission_denied")).toBe(true);
    const taskId = (error as { taskId?: string }).taskId;
    expect(taskId).toMatch(/^task_/);
    expect((error as Error).message).toContain(`task ${taskId} was submitted`);
    expect((error as Error).message).toContain("another key of the same user");
    expect(creates()).toHaveLength(1);
    expect(polls()).toHaveLength(1);
    // Resuming with the id finishes the billed task.
    const resumed = await waitForImageTask(client, taskId!, timing);
    expect(resumed).toMatchObject({ taskId, status: "completed" });
  });

  it("a poll that runs out of time keeps the task id and says how to resume", async () => {
    const { fake, client, timing } = await setup();
    fake.images.scriptTask({ polls: 50, outcome: "completed" });
    const error = await generateImage(client, prompt, { ...timing, deadlineMs: 12_000 }).catch(
      (e: unknown) => e,
    );
    expect(isFeedgateError(error, "timeout")).toBe(true);
    expect((error as { taskId?: string }).taskId).toMatch(/^task_/);
    expect((error as Error).message).toMatch(/resume with waitForImageTask/);
  });

  it("never puts the API key into an error", async () => {
    const { fake, client, timing } = await setup();
    fake.images.scriptTask({ polls: 0, outcome: "failed" });
    const failed = await generateImage(client, prompt, timing).catch((e: unknown) => e);
    const missing = await waitForImageTask(client, "task_none", timing).catch((e: unknown) => e);
    for (const error of [failed, missing]) {
      expect(isFeedgateError(error)).toBe(true);
      expect(JSON.stringify(error)).not.toContain(fake.apiKey);
      expect(String((error as Error).stack)).not.toContain(fake.apiKey);
      expect(Object.keys(error as object)).not.toContain("request");
    }
  });
});

describe("no billed work lost (issue 31)", () => {
  it.each(["completed", "failed"])(
    "a submission answered %s is polled before deciding (M2)",
    async (submitStatus) => {
      const { fake, client, timing, polls } = await setup();
      fake.images.scriptTask({ polls: 0, outcome: "completed", submitStatus });
      const result = await generateImage(client, prompt, timing);
      expect(result.images).toHaveLength(1);
      expect(result.polls).toBe(1);
      expect(polls()).toHaveLength(1);
    },
  );

  it("a task that ends completed without an image is an error naming the task and the bill (M2)", async () => {
    const { fake, client, timing } = await setup();
    fake.images.scriptTask({ polls: 1, outcome: "completed", images: [] });
    const error = await generateImage(client, prompt, timing).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "invalid_response", code: "no_images" });
    expect((error as Error).message).toMatch(
      /image task task_\w+ ended completed without an image; the call may have been billed/,
    );
    expect((error as { taskId?: string }).taskId).toMatch(/^task_/);
    expect(isTransientError(error)).toBe(false);
  });

  it("a channel without an async endpoint (relayed 404 on submit) gets one synchronous call (M7)", async () => {
    const { fake, client, timing, creates } = await setup();
    fake.scriptError({ code: "no_async_endpoint", route: "createImage" });
    const result = await generateImage(client, { ...prompt, n: 2 }, timing);
    expect(result).toMatchObject({ taskId: undefined, status: "completed", polls: 0 });
    expect(result.images).toHaveLength(2);
    expect(creates().map((r) => r.query.get("async"))).toEqual(["true", null]);
  });

  it("a client-wide Content-Type does not stop the poll after a billed submit (N18)", async () => {
    const { fake, timing } = await setup();
    const client = createGatewayClient({
      baseUrl: fake.url,
      apiKey: fake.apiKey,
      headers: { "Content-Type": "application/json" },
    });
    fake.images.scriptTask({ polls: 1, outcome: "completed" });
    expect((await generateImage(client, prompt, timing)).images).toHaveLength(1);
  });

  it("a failed task's message or error object is its detail as JSON, never [object Object] (issue 35)", async () => {
    const { fake, client, timing } = await setup();
    fake.images.scriptTask({
      polls: 0,
      outcome: "failed",
      error: null,
      message: { reason: "nsfw", score: 0.9 },
    });
    fake.images.scriptTask({
      polls: 0,
      outcome: "failed",
      error: { message: { upstream: "refused" } },
    });
    for (const detail of ['{"reason":"nsfw","score":0.9}', '{"upstream":"refused"}']) {
      const error = await generateImage(client, prompt, timing).catch((e: unknown) => e);
      expect((error as Error).message).toContain(detail);
      expect((error as Error).message).not.toContain("[object Object]");
    }
  });

  it("images per answer are capped at the n asked for (issue 33)", async () => {
    const { fake, client, timing } = await setup();
    const images = Array.from({ length: 5 }, (_, i) => ({ url: `https://img.example/${i}.png` }));
    fake.images.scriptTask({ polls: 0, outcome: "completed", images });
    expect((await generateImage(client, { ...prompt, n: 2 }, timing)).images).toHaveLength(2);
  });
});

describe("the gateway as its source behaves (issue 12)", () => {
  it("a gateway that ignores async=true answers the images: returned as the result, with no second (billed) request", async () => {
    const fake = await startGatewayFake({ seed: 8, ignoreAsync: true, models: "any" });
    fakes.push(fake);
    const client = createGatewayClient({ baseUrl: fake.url, apiKey: fake.apiKey });
    const result = await generateImage(client, prompt, {
      sleep: async () => expect.unreachable("nothing to wait for"),
    });
    expect(result).toMatchObject({ taskId: undefined, status: "completed", polls: 0 });
    expect(result.images).toHaveLength(1);
    expect(result.images[0]!.url).toMatch(new RegExp(`^${fake.url}/mock-files/`));
    expect(fake.requests.filter((r) => r.route === "createImage")).toHaveLength(1);
    expect(fake.requests.filter((r) => r.route === "getImageTask")).toHaveLength(0);
  });

  it("status unknown keeps polling until a terminal status", async () => {
    const { fake, client, timing, polls } = await setup();
    fake.images.scriptTask({ polls: 3, outcome: "completed", runningStatus: "unknown" });
    const result = await generateImage(client, prompt, timing);
    expect(result).toMatchObject({ status: "completed", polls: 4 });
    expect(polls()).toHaveLength(4);
  });

  it("status unknown forever ends at the deadline", async () => {
    const { fake, client, timing } = await setup();
    fake.images.scriptTask({ polls: 1_000, outcome: "completed", runningStatus: "unknown" });
    const error = await generateImage(client, prompt, { ...timing, deadlineMs: 30_000 }).catch(
      (e: unknown) => e,
    );
    expect(isFeedgateError(error, "timeout")).toBe(true);
  });

  it("a failed task without a code (the gateway never sets one) is task_failed", async () => {
    const { fake, client, timing } = await setup();
    fake.images.scriptTask({ polls: 0, outcome: "failed" });
    const error = await generateImage(client, prompt, timing).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "task_failed", code: "task_failed" });
    expect((error as Error).message).toContain("The fake task failed.");
  });

  it("never polls faster than the 1 s floor, whatever the options or the time left say", async () => {
    // An interval of 0 and a deadline that leaves odd remainders: every wait is still at least 1 s.
    const { waits, error } = await neverFinishing({ intervalMs: 0, jitter: 0, deadlineMs: 10_500 });
    expect(isFeedgateError(error, "timeout")).toBe(true);
    expect(waits.length).toBeGreaterThan(0);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1_000);
  });
});

describe("image task options", () => {
  it("refuses a negative deadline or interval and a jitter outside 0–1 before any request", async () => {
    const { fake, client } = await setup();
    for (const bad of [
      { deadlineMs: -1 },
      { intervalMs: Number.NaN },
      { jitter: 1.5 },
      { jitter: -0.1 },
    ]) {
      const error = await generateImage(client, { model: "Nano-Banana2", prompt: "p" }, bad).catch(
        (e: unknown) => e,
      );
      expect(isFeedgateError(error, "config"), JSON.stringify(bad)).toBe(true);
      expect((error as { option?: string }).option).toBe(Object.keys(bad)[0]);
    }
    expect(fake.requests).toHaveLength(0);
  });
});
