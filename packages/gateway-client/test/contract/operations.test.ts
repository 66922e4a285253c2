import { describe, expect, it } from "vitest";
import { collectGenerateContent, collectResponse, outputText } from "../../src/collect.js";
import { type ImageTask, isImageTask } from "../../src/index.js";
import { CALLS, TASK_ID } from "../support/operations.js";
import { expectedRequestId, prismClient, spec } from "../support/prism-client.js";

type Json = Record<string, unknown>;

/** The named examples an operation declares for a 200 of the given media type. */
function okExamples(operationId: string, mediaType = "application/json"): string[] {
  const content = spec.responseOf(operationId, 200)["content"] as Record<string, Json>;
  return Object.keys((content[mediaType]?.["examples"] as Json | undefined) ?? {});
}

/** The per-event schema (`contentSchema`) a `text/event-stream` answer declares. */
function eventSchemaOf(operationId: string): string {
  const content = spec.responseOf(operationId, 200)["content"] as Record<
    string,
    { schema: { contentSchema: { $ref: string } } }
  >;
  return content["text/event-stream"]!.schema.contentSchema.$ref;
}

describe("every operation answers 200 through the public client", () => {
  it("covers every operation of the document", () => {
    const covered = [...new Set(Object.values(CALLS).map((c) => c.operationId))].sort();
    expect(covered).toEqual(
      spec
        .operations()
        .map((o) => o.operationId)
        .sort(),
    );
  });

  for (const [name, call] of Object.entries(CALLS)) {
    it(`${name}: Prism accepts the request, the answer is valid and is what the client returns`, async () => {
      // Prism answers an operation's first example; the async submit asks for the task object.
      const { client, last } = prismClient(
        name === "createImage (async=true)" ? "example=taskSubmitted" : undefined,
      );
      const result = await call.run(client);
      const exchange = last();
      expect(exchange.responseHeaders.get("sl-violations")).toBeNull();
      expect(exchange.status).toBe(200);
      const body = await exchange.responseBody();
      if (call.streams) {
        expect(exchange.responseHeaders.get("content-type")).toMatch(/^text\/event-stream/);
        expect(spec.validateResponse(call.operationId, 200, body, "text/event-stream").text).toBe(
          "",
        );
        const events = result as unknown[];
        expect(events.length).toBeGreaterThan(1);
        for (const event of events)
          expect(spec.validatePointer(eventSchemaOf(call.operationId), event).text).toBe("");
      } else {
        expect(exchange.responseHeaders.get("content-type")).toMatch(/^application\/json/);
        const validation = spec.validateResponse(call.operationId, 200, result);
        expect(validation.text).toBe("");
        expect(validation.valid).toBe(true);
        expect(result).toEqual(JSON.parse(body));
      }
    });
  }
});

describe("every 200 example of the document parses through the client", () => {
  const cases = Object.entries(CALLS)
    .filter(([, call]) => !call.streams)
    .flatMap(([name, call]) =>
      okExamples(call.operationId)
        // A submit with async=true only ever answers a task.
        .filter((example) => name !== "createImage (async=true)" || example === "taskSubmitted")
        .map((example) => ({ name, call, example })),
    );

  it("finds named examples to replay", () => {
    expect(cases.length).toBeGreaterThanOrEqual(Object.keys(CALLS).length);
  });

  for (const { name, call, example } of cases) {
    it(`${name}: example ${example}`, async () => {
      const { client, last } = prismClient(`example=${example}`);
      const result = await call.run(client);
      expect(last().responseHeaders.get("sl-violations")).toBeNull();
      expect(last().status).toBe(200);
      expect(spec.validateResponse(call.operationId, 200, result).text).toBe("");
    });
  }
});

/** A Responses body: a model and its input. */
const ask = (input: string, model = "gpt-5.2") => ({ model, input });

describe("what the client makes of each answer", () => {
  it("createResponse: the Response, whose output_text the client computes", async () => {
    const { client } = prismClient();
    const response = await client.responses.create(ask("Why is the sky blue?"));
    expect(response.object).toBe("response");
    expect(response.status).toBe("completed");
    expect(outputText(response)).toMatch(/blue/);
  });

  it("createResponse with stream: true: the transcript example collects to the completed Response", async () => {
    const { client, last } = prismClient();
    const stream = await client.responses.stream({
      model: "gpt-5.2",
      input: "A haiku about rain.",
    });
    expect(stream.requestId).toBe(expectedRequestId(last().responseHeaders));
    const { response, outputText: text } = await collectResponse(stream);
    expect(JSON.parse(last().requestBody)).toMatchObject({ stream: true });
    expect(last().requestHeaders.get("accept")).toMatch(/^text\/event-stream,/);
    expect(response.status).toBe("completed");
    expect(text).toBe(outputText(response));
    expect(text.length).toBeGreaterThan(0);
  });

  it("deleteResponse: the deletion confirmation", async () => {
    const { client, last } = prismClient();
    await expect(client.responses.delete("resp_x")).resolves.toMatchObject({
      object: "response",
      deleted: true,
    });
    expect(last().method).toBe("DELETE");
    expect(new URL(last().url).pathname).toBe("/v1/responses/resp_x");
  });

  it("cancelResponse: a Response whose status is cancelled", async () => {
    const { client } = prismClient();
    await expect(client.responses.cancel("resp_bg")).resolves.toMatchObject({
      object: "response",
      status: "cancelled",
    });
  });

  it("countResponseInputTokens: the count object", async () => {
    const { client } = prismClient();
    const count = await client.responses.countInputTokens(ask("hello", "gpt-4.1-mini"));
    expect(count.object).toBe("response.input_tokens");
    expect(Number.isInteger(count.input_tokens)).toBe(true);
  });

  it("compactResponse: the compaction, ending in a compaction item", async () => {
    const { client } = prismClient();
    const compacted = await client.responses.compact({
      model: "gpt-5.2",
      input: "Let's plan the Q3 migration.",
    });
    expect(compacted.object).toBe("response.compaction");
    expect((compacted.output.at(-1) as { type?: string }).type).toBe("compaction");
  });

  it("createImage sync: an image result with a download URL", async () => {
    const { client, last } = prismClient();
    const result = await client.images.generate({ model: "Nano-Banana2", prompt: "a lighthouse" });
    expect(new URL(last().url).search).toBe("");
    expect(isImageTask(result)).toBe(false);
    expect((result as { data: Array<{ url?: string }> }).data[0]!.url).toMatch(/^https:\/\//);
  });

  it("createImage sync may answer a task object: isImageTask tells them apart", async () => {
    const { client } = prismClient("example=taskSubmitted");
    const result = await client.images.generate({ model: "Nano-Banana2", prompt: "a lighthouse" });
    expect(isImageTask(result)).toBe(true);
  });

  it("createImage async=true: the submitted task, asked for with a query parameter", async () => {
    const { client, last } = prismClient("example=taskSubmitted");
    const submission = await client.images.submit({
      model: "Nano-Banana2",
      prompt: "a lighthouse",
    });
    expect(new URL(last().url).searchParams.get("async")).toBe("true");
    expect(JSON.parse(last().requestBody)).not.toHaveProperty("async");
    expect(submission.kind).toBe("task");
    const task: ImageTask = (submission as { task: ImageTask }).task;
    expect(task).toMatchObject({ task_id: expect.stringMatching(/^task_/), status: "queued" });
  });

  it("createImage async=true on a gateway that ignores async (stock new-api): a completed result, not a task", async () => {
    const { client } = prismClient("example=urlResult");
    const submission = await client.images.submit({ model: "Nano-Banana2" });
    expect(submission.kind).toBe("completed");
    expect(submission.kind === "completed" && submission.result.data?.[0]?.url).toMatch(/^https:/);
  });

  it("getImageTask: a completed task carries its images", async () => {
    const { client, last } = prismClient("example=completed");
    const task = await client.images.getTask(TASK_ID);
    expect(new URL(last().url).pathname).toBe(`/v1/images/generations/${TASK_ID}`);
    expect(task.status).toBe("completed");
    expect(task.data?.length).toBeGreaterThan(0);
  });

  it("getImageTask: a failed task carries its error", async () => {
    const { client } = prismClient("example=failed");
    const task = await client.images.getTask(TASK_ID);
    expect(task.status).toBe("failed");
    expect(task.error).toMatchObject({ message: expect.stringMatching(/\S/) });
  });

  it("countMessageTokens: the count, with anthropic-version sent", async () => {
    const { client, last } = prismClient();
    const count = await client.messages.countTokens({
      model: "claude-sonnet-4-5",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(Number.isInteger(count.input_tokens)).toBe(true);
    expect(last().requestHeaders.get("anthropic-version")).toBe("2023-06-01");
  });

  it("generateContent: a model candidate, the colon of the path left as is", async () => {
    const { client, last } = prismClient();
    const answer = await client.gemini.generateContent("gemini-2.5-flash", {
      contents: [{ parts: [{ text: "hi" }] }],
    });
    expect(new URL(last().url).pathname).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
    expect(answer.candidates?.[0]?.content?.role).toBe("model");
    expect(answer.usageMetadata?.totalTokenCount).toBeGreaterThan(0);
  });

  it("streamGenerateContent: asks for alt=sse and folds the chunks into one candidate", async () => {
    const { client, last } = prismClient();
    const stream = await client.gemini.streamGenerateContent("gemini-2.5-flash", {
      contents: [{ parts: [{ text: "count" }] }],
    });
    const folded = await collectGenerateContent(stream);
    expect(new URL(last().url).searchParams.get("alt")).toBe("sse");
    const parts = folded.candidates?.[0]?.content?.parts ?? [];
    expect(parts.length).toBeGreaterThan(0);
    expect(typeof (parts[0] as { text?: unknown }).text).toBe("string");
    expect(folded.candidates?.[0]?.finishReason).toBe("STOP");
    expect(spec.validateResponse("generateContent", 200, folded).text).toBe("");
  });
});
