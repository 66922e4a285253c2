import type { GatewayClient, RouteFamily } from "../../src/index.js";

/**
 * The response id the document's 404 example names ("Response with id '…' not found."), so a
 * 404 for it is a real "no such response", not a route the gateway lacks.
 */
export const RESPONSE_ID = "resp_0a9e3c1d55b2f47e0069f1c2aa40188193b27d6c5e0f41a9d2";
export const TASK_ID = "task_Xq3Lb9VmT2kRw7NcY5hPz1AeDs8FgJ4u";

/** The least Response object the client accepts: a finished one with no output. */
export const MINIMAL_RESPONSE = {
  id: "resp_1",
  object: "response",
  created_at: 1,
  status: "completed",
  model: "m",
  output: [],
};

/** One valid call of an operation through the public client API. */
export interface Call {
  operationId: string;
  /** The credential header family the route belongs to. */
  family: RouteFamily;
  /** True when the call reads `text/event-stream`: its result is the list of decoded events. */
  streams?: boolean;
  run(client: GatewayClient): Promise<unknown>;
}

async function drain(stream: AsyncIterable<unknown>): Promise<unknown[]> {
  const events: unknown[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

const MESSAGES = [
  {
    role: "user" as const,
    content: 'Tighten: "In order to be able to proceed, we need to first get approval."',
  },
];
const CONTENTS = [{ role: "user" as const, parts: [{ text: "Why does bread go stale?" }] }];

/** Every operation (and the two call shapes of createResponse and createImage), keyed by a test name. */
export const CALLS: Record<string, Call> = {
  createResponse: {
    operationId: "createResponse",
    family: "bearer",
    run: (c) =>
      c.responses.create({
        model: "gpt-5.2",
        instructions: "Answer in one short paragraph.",
        input: "Why is the sky blue?",
      }),
  },
  "createResponse (stream)": {
    operationId: "createResponse",
    family: "bearer",
    streams: true,
    run: async (c) =>
      drain(await c.responses.stream({ model: "gpt-5.2", input: "A haiku about rain." })),
  },
  retrieveResponse: {
    operationId: "retrieveResponse",
    family: "bearer",
    run: (c) => c.responses.retrieve(RESPONSE_ID),
  },
  deleteResponse: {
    operationId: "deleteResponse",
    family: "bearer",
    run: (c) => c.responses.delete(RESPONSE_ID),
  },
  cancelResponse: {
    operationId: "cancelResponse",
    family: "bearer",
    run: (c) => c.responses.cancel(RESPONSE_ID),
  },
  countResponseInputTokens: {
    operationId: "countResponseInputTokens",
    family: "bearer",
    run: (c) =>
      c.responses.countInputTokens({
        model: "gpt-4.1-mini",
        input: "Summarise the meeting notes in three bullet points.",
      }),
  },
  compactResponse: {
    operationId: "compactResponse",
    family: "bearer",
    run: (c) => c.responses.compact({ model: "gpt-5.2", previous_response_id: RESPONSE_ID }),
  },
  "createImage (sync)": {
    operationId: "createImage",
    family: "bearer",
    run: (c) =>
      c.images.generate({
        model: "Nano-Banana2",
        prompt: "A lighthouse at dusk",
        resolution: "4K",
        aspect_ratio: "16:9",
      }),
  },
  "createImage (async=true)": {
    operationId: "createImage",
    family: "bearer",
    // The answer as sent: the task (or, from a gateway ignoring async, the result) inside the submission.
    run: async (c) => {
      const submission = await c.images.submit({
        model: "Hunyuan-3d-2.0",
        prompt: "A greenhouse at noon, 360-degree panorama",
      });
      return submission.kind === "task" ? submission.task : submission.result;
    },
  },
  getImageTask: {
    operationId: "getImageTask",
    family: "bearer",
    run: (c) => c.images.getTask(TASK_ID),
  },
  countMessageTokens: {
    operationId: "countMessageTokens",
    family: "anthropic",
    run: (c) =>
      c.messages.countTokens({
        model: "claude-sonnet-4-5",
        system: "You are a meticulous copy editor.",
        messages: MESSAGES,
      }),
  },
  generateContent: {
    operationId: "generateContent",
    family: "google",
    run: (c) => c.gemini.generateContent("gemini-2.5-flash", { contents: CONTENTS }),
  },
  streamGenerateContent: {
    operationId: "streamGenerateContent",
    family: "google",
    streams: true,
    run: async (c) =>
      drain(await c.gemini.streamGenerateContent("gemini-2.5-flash", { contents: CONTENTS })),
  },
};
