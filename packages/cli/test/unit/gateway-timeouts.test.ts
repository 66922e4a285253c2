// Issues 20 (8) and 22 (2): the documented timeouts are the ones that apply in the CLI. The CLI
// passes options to the gateway client, never a transport of its own, so a non-streamed answer
// may take minutes (the gateway client's 600 s per attempt, not core's 60 s), and a silent stream
// ends at the client's 330 s idle timeout, not at undici's own 300 s body timeout. Each case runs
// `feedgate respond` through `main()`; timers and the monotonic clock are faked (sockets stay
// real), so no test waits for real time.
import type { ServerResponse } from "node:http";
import { testServers } from "@feedgate/test-harness";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { gatewayClientOf } from "../../src/internal/cli/gateway.js";
import { Output } from "../../src/internal/cli/output.js";
import type { CommandContext } from "../../src/internal/cli/runner.js";
import { main } from "../../src/internal/main.js";

const KEY = "sk-test-timeouts-Zq8rT41vKp";
const servers = testServers();

// One fake clock for the whole file: core's shared attempt timer outlives a test, so the clock must not jump back.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});
afterAll(() => {
  vi.useRealTimers();
});

/** A 127.0.0.1 gateway that holds each request until the test answers it. */
async function holdingGateway() {
  const held: ServerResponse[] = [];
  let arrived: () => void = () => {};
  const next = () => new Promise<void>((resolve) => (arrived = resolve));
  let waiting = next();
  const server = await servers.http((req, res) => {
    req.resume();
    held.push(res);
    arrived();
  });
  return {
    url: server.origin,
    /** Resolves once the next request arrived; returns its answer object. */
    async request(): Promise<ServerResponse> {
      await waiting;
      waiting = next();
      return held.at(-1)!;
    },
  };
}

function context(url: string): CommandContext {
  const sink = { write: () => true };
  return {
    out: new Output({ stdout: sink, stderr: sink, env: {} }),
    signal: new AbortController().signal,
    globals: {},
    env: { FEEDGATE_GATEWAY_URL: url, FEEDGATE_API_KEY: KEY },
  } as CommandContext;
}

/** `feedgate respond …args` against `url`, in this process: its exit code, stdout and stderr. */
function respond(url: string, ...args: string[]) {
  const out = { stdout: "", stderr: "" };
  const sink = (key: keyof typeof out) => ({
    write: (chunk: string) => ((out[key] += chunk), true),
  });
  const signals = { on: () => {}, off: () => {}, exit: (): never => undefined as never };
  const code = main(
    ["node", "feedgate", "respond", "think hard", "--model", "gpt-5.2", ...args],
    {
      stdout: sink("stdout"),
      stderr: sink("stderr"),
      env: { FEEDGATE_GATEWAY_URL: url, FEEDGATE_API_KEY: KEY, NO_COLOR: "1" },
    },
    signals,
  );
  return { code, out };
}

/** Settles-or-not probe: the state of a promise now, without waiting. */
function state<T>(promise: Promise<T>) {
  const seen: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(seen, { settled: true, value }),
    (error: unknown) => Object.assign(seen, { settled: true, error }),
  );
  return seen;
}

/** Still unsettled `quietMs` from now, and settled `moreMs` after that. */
async function settlesAfter(seen: { settled: boolean }, quietMs: number, moreMs: number) {
  await vi.advanceTimersByTimeAsync(quietMs);
  expect(seen).toMatchObject({ settled: false });
  await vi.advanceTimersByTimeAsync(moreMs);
  await vi.waitFor(() => expect(seen.settled).toBe(true), { timeout: 15_000 });
}

const RESPONSE = {
  id: "resp_1",
  object: "response",
  status: "completed",
  output: [
    {
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: "late but whole" }],
    },
  ],
};

describe("feedgate respond: the gateway client's own timeouts govern", () => {
  it("feedgate respond: an answer that takes 75 s arrives (core's 60 s default does not apply)", async () => {
    const gateway = await holdingGateway();
    const run = respond(gateway.url);
    const call = state(run.code);
    const res = await gateway.request();
    await vi.advanceTimersByTimeAsync(75_000);
    expect(call).toMatchObject({ settled: false });
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(RESPONSE));
    await vi.waitFor(() => expect(call.settled).toBe(true), { timeout: 15_000 });
    expect(run.out.stderr).toBe("");
    expect(call.value).toBe(0);
    expect(run.out.stdout).toBe("late but whole\n");
  });

  it("feedgate respond: the 600 s per-attempt timeout is the one that ends a silent answer", async () => {
    const gateway = await holdingGateway();
    const run = respond(gateway.url);
    const call = state(run.code);
    await gateway.request();
    await settlesAfter(call, 599_000, 2_000);
    expect(call.value).toBe(1);
    expect(run.out.stderr).toMatch(
      /^feedgate: error: response failed: attempt_timeout: .* within 600000 ms/m,
    );
  });

  /** Opens a stream that sends one event and then nothing; returns what reading it comes to. */
  async function silentStream(open: (ctx: CommandContext) => Promise<AsyncIterable<unknown>>) {
    const gateway = await holdingGateway();
    const opened = open(context(gateway.url));
    const res = await gateway.request();
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write('event: response.created\ndata: {"type":"response.created","sequence_number":0}\n\n');
    const stream = await opened;
    const events: string[] = [];
    const read = state(
      (async () => {
        for await (const event of stream) events.push((event as { type: string }).type);
      })(),
    );
    await vi.waitFor(() => expect(events).toEqual(["response.created"]), { timeout: 15_000 });
    return read;
  }

  it("feedgate respond --stream: a silent stream ends at the client's 330 s idle timeout, not at undici's 300 s body timeout", async () => {
    const gateway = await holdingGateway();
    const run = respond(gateway.url, "--stream", "--json");
    const call = state(run.code);
    const res = await gateway.request();
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write('event: response.created\ndata: {"type":"response.created","sequence_number":0}\n\n');
    await vi.waitFor(() => expect(run.out.stdout).toContain("response.created"), {
      timeout: 15_000,
    });
    await settlesAfter(call, 320_000, 11_000);
    expect(call.value).toBe(1);
    expect(run.out.stderr).toMatch(
      /^feedgate: error: streamed response failed: .*stream_idle_timeout: .* for 330000 ms/m,
    );
  });

  it("control: over Node's fetch with undici's defaults, the same stream is cut at 300 s as a broken connection", async () => {
    const read = await silentStream((ctx) =>
      gatewayClientOf(ctx, (request) => fetch(request)).responses.stream({
        model: "gpt-5.2",
        input: "think hard",
      }),
    );
    await settlesAfter(read, 290_000, 15_000);
    expect(read.error).toMatchObject({ name: "ConnectionError", code: "stream_interrupted" });
  });
});
