// The image commands that wait for a task: the kit polls every 5 s at the least (the gateway
// asks for 5–10 s). These runs are in-process, so the timers and the monotonic clock are faked
// and moved on while the run waits, and no test waits 5 s of real time. Sockets stay real.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { demoImageBase64 } from "../../src/internal/demo/gateway-seed.js";
import {
  type CliResult,
  expectValid,
  gatewayFixture,
  runCli,
  specs,
  startCli,
  TEST_KEY,
} from "./helpers.js";

const fx = gatewayFixture("image-tasks");
// One fake clock for the whole file: core's shared attempt timer outlives a test.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});
afterAll(() => {
  vi.useRealTimers();
});

/**
 * Runs an image command that waits for its task: once the run has said the task's first status
 * (the submission's answer; the kit then sleeps before polling), fake time moves on by the
 * longest poll interval (10 s), and the poll goes out at once.
 */
async function runWaiting(args: string[]): Promise<CliResult> {
  const running = startCli(args, fx.env);
  running.stdin.end();
  await running.waitFor(/^task \S+: /m);
  // A real turn of the event loop: the kit's sleep is armed before time moves.
  await new Promise((resolve) => setImmediate(resolve));
  await vi.advanceTimersByTimeAsync(10_000);
  return running.done;
}

/** `image --async` of a task scripted to fail: exit 1 and the failed task's hint, whatever the reason. */
async function runFailedTask(dir: string): Promise<CliResult> {
  const result = await runWaiting(["image", "something", "--async", "--out", join(fx.work, dir)]);
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/^hint: the image task failed/m);
  return result;
}

describe("feedgate image: waiting for the task", () => {
  it("--task <id> resumes a task submitted earlier and saves its images by the same file rules", async () => {
    fx.gateway.images.scriptTask({
      polls: 1,
      outcome: "completed",
      images: [{ b64_json: demoImageBase64() }],
    });
    // A submission made elsewhere (another run that was stopped, say): only its id is known.
    const submitted = await fetch(`${fx.gateway.url}/v1/images/generations?async=true`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TEST_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({ model: "Nano-Banana2", prompt: "a lighthouse" }),
    });
    const { task_id: taskId } = (await submitted.json()) as { task_id: string };
    const posts = fx.gateway.requests.filter((r) => r.method === "POST").length;
    const out = join(fx.work, "resumed");
    const result = await runWaiting(["image", "--task", taskId, "--out", out, "--json"]);
    expect(result.code, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout) as { taskId: string; files: Array<{ path: string }> };
    expect(body.taskId).toBe(taskId);
    expect(body.files.map((f) => f.path)).toEqual([join(out, `${taskId}-1.png`)]);
    // Nothing was submitted again: a second submission is a second bill.
    expect(fx.gateway.requests.filter((r) => r.method === "POST").length).toBe(posts);
  });

  it("--task with a prompt, or an id that is not one, is a usage error before any request", async () => {
    const before = fx.gateway.requests.length;
    for (const args of [
      ["image", "a prompt", "--task", "task_1"],
      ["image", "--task", "../../etc/passwd"],
      ["image"],
    ]) {
      const result = await runCli(args, fx.env);
      expect(result.code, args.join(" ")).toBe(2);
    }
    expect(fx.gateway.requests.length).toBe(before);
  });

  it("--async polls the task to completion, writes the image and prints its path", async () => {
    fx.gateway.images.scriptTask({
      polls: 0,
      outcome: "completed",
      images: [{ b64_json: demoImageBase64() }],
    });
    const out = join(fx.work, "async");
    const result = await runWaiting([
      "image",
      "a lighthouse at dawn",
      "--aspect",
      "16:9",
      "--async",
      "--out",
      out,
      "--json",
    ]);
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout) as { task: unknown; files: Array<{ path: string }> };
    expectValid(specs.gateway.validateResponse("getImageTask", 200, body.task));
    expect(body.files).toHaveLength(1);
    const bytes = await readFile(body.files[0]!.path);
    expect(bytes.subarray(0, 4).toString("hex")).toBe("89504e47");
    expect(bytes.toString("base64")).toBe(demoImageBase64());
    // The submit carried async=true and the key went only to the fx.gateway.
    expect(
      fx.gateway.requests.some((r) => r.method === "POST" && r.query.get("async") === "true"),
    ).toBe(true);
  });

  it("a failed task: exit 1 with the task's error and a hint", async () => {
    fx.gateway.images.scriptTask({
      polls: 0,
      outcome: "failed",
      error: { code: "content_policy", message: "the prompt was refused" },
    });
    const result = await runFailedTask("failed");
    expect(result.stderr).toMatch(
      /^feedgate: error: image generation failed: .*the prompt was refused/m,
    );
  });

  it.each([
    ["a string error", { error: "the prompt was refused (string)" }],
    ["a bare message", { error: null, message: "the prompt was refused (message)" }],
  ] as const)("a failed task with %s: exit 1 with that reason", async (_shape, failure) => {
    fx.gateway.images.scriptTask({ polls: 0, outcome: "failed", ...failure });
    const result = await runFailedTask("failed-shape");
    const reason =
      "error" in failure && typeof failure.error === "string"
        ? failure.error
        : (failure as { message: string }).message;
    expect(result.stderr).toMatch(
      /^feedgate: error: image generation failed: .*image task \S+ ended failed: /m,
    );
    expect(result.stderr).toContain(reason);
  });
});
