// Calls of the official `openai` SDK, recorded once through `feedgate record` in front of the
// gateway fake, replayed by `feedgate mock --replay` to the same SDK code, unchanged.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { demoFixture, TEST_KEY } from "../e2e/helpers.js";
import { recording, started, stop } from "./support.js";

const fixture = demoFixture({ apiKey: TEST_KEY, feed: false });

/** The app under test: plain SDK calls, a plain answer and a streamed one. */
async function app(baseURL: string, apiKey: string) {
  const client = new OpenAI({ apiKey, baseURL: `${baseURL}/v1`, maxRetries: 0 });
  const answer = await client.responses.create({ model: "gpt-5.2", input: "Say hello" });
  const stream = await client.responses.create({
    model: "gpt-5.2",
    input: "one two three",
    stream: true,
  });
  const events: unknown[] = [];
  for await (const event of stream) events.push(event);
  const count = await client.responses.inputTokens.count({ model: "gpt-5.2", input: "count me" });
  return { answer, events, count };
}

describe("an official SDK, recorded once, replayed unchanged", () => {
  it("gives the app the same answers, events and counts offline", async () => {
    const recorder = await recording(fixture.gateway.url, { FEEDGATE_API_KEY: TEST_KEY });
    const live = await app(recorder.json["url"]!, TEST_KEY);
    await stop(recorder.cli);
    expect(live.answer.output_text).toBe("Echo: Say hello");
    expect(live.events.length).toBeGreaterThan(3);

    const before = fixture.gateway.requests.length;
    const mock = await started(["mock", "gateway", "--replay", recorder.file]);
    const replayed = await app(mock.json["gatewayUrl"]!, "sk-offline-any-key");
    await stop(mock.cli);
    expect(replayed).toEqual(live);
    // Offline: nothing reached the gateway the calls were recorded from.
    expect(fixture.gateway.requests.length).toBe(before);
  });
});
