import type { FakeClock } from "../core/clock.js";
import { parseJsonBody, type Reply } from "../core/reply.js";
import { invalidRequest, json, openaiError, refusal } from "./envelopes.js";
import { estimateTokens, type GatewayIds, textOf } from "./ids.js";
import { type StreamScript, sseFrame, streamReply, wordDeltas } from "./sse.js";

type Json = Record<string, unknown>;

interface Stored {
  response: Json;
  events: Json[];
}

const badJson = () =>
  openaiError(
    400,
    "We could not parse the JSON body of your request.",
    "invalid_request_error",
    "invalid_json",
  );

/** Responses family: create (JSON or SSE), retrieve (JSON or SSE replay), delete, cancel, input_tokens, compact. */
export class ResponsesFake {
  readonly stored = new Map<string, Stored>();
  #scripts: StreamScript[] = [];

  constructor(
    private readonly ids: GatewayIds,
    private readonly clock: FakeClock,
  ) {}

  scriptStream(script: StreamScript): void {
    this.#scripts.push(script);
  }

  #build(request: Json, text: string, status: string): Json {
    const seconds = Math.floor(this.clock.now() / 1000);
    const inputTokens = estimateTokens(textOf(request["input"]) + textOf(request["instructions"]));
    const outputTokens = estimateTokens(text);
    const done = status === "completed";
    /** The request's field when it has the type, else the default the API answers. */
    const given = (key: string, type: string, fallback: unknown) =>
      typeof request[key] === type ? request[key] : fallback;
    return {
      id: `resp_${this.ids.hex(48)}`,
      object: "response",
      created_at: seconds,
      completed_at: done ? seconds : null,
      status,
      error: null,
      incomplete_details: null,
      instructions: given("instructions", "string", null),
      max_output_tokens: given("max_output_tokens", "number", null),
      model: request["model"],
      output: done ? [this.#message(`msg_${this.ids.hex(48)}`, text, "completed")] : [],
      parallel_tool_calls: true,
      previous_response_id: given("previous_response_id", "string", null),
      background: request["background"] === true,
      store: request["store"] !== false,
      temperature: given("temperature", "number", 1),
      top_p: given("top_p", "number", 1),
      tool_choice: "auto",
      tools: [],
      metadata: {},
      usage: done
        ? {
            input_tokens: inputTokens,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: outputTokens,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: inputTokens + outputTokens,
          }
        : null,
    };
  }

  #message(id: string, text: string, status: string): Json {
    return {
      type: "message",
      id,
      status,
      role: "assistant",
      content: [{ type: "output_text", text, annotations: [], logprobs: [] }],
    };
  }

  /** The event sequence the real stream would carry for a finished response. */
  #events(response: Json): Json[] {
    const output = (response["output"] as Json[])[0];
    const text = output ? String(((output["content"] as Json[])[0] as Json)["text"]) : "";
    const itemId = output ? String(output["id"]) : `msg_${this.ids.hex(48)}`;
    const at = { item_id: itemId, output_index: 0, content_index: 0 };
    const part = { type: "output_text", text, annotations: [] };
    const inProgress = {
      ...response,
      status: "in_progress",
      completed_at: null,
      output: [],
      usage: null,
    };
    const events: Json[] = [
      { type: "response.created", response: inProgress },
      { type: "response.in_progress", response: inProgress },
      // The real stream announces a message with no content yet (`content: []`).
      {
        type: "response.output_item.added",
        output_index: 0,
        item: { ...this.#message(itemId, "", "in_progress"), content: [] },
      },
      { type: "response.content_part.added", ...at, part: { ...part, text: "" } },
      ...wordDeltas(text).map((delta) => ({
        type: "response.output_text.delta",
        ...at,
        delta,
        logprobs: [],
      })),
      { type: "response.output_text.done", ...at, text, logprobs: [] },
      { type: "response.content_part.done", ...at, part },
      {
        type: "response.output_item.done",
        output_index: 0,
        item: this.#message(itemId, text, "completed"),
      },
      { type: "response.completed", response },
    ];
    return events.map((event, sequence_number) => ({ ...event, sequence_number }));
  }

  #stream(events: unknown[], script: StreamScript | undefined): Reply {
    const error = {
      type: "error",
      code: "server_error",
      message: "The fake stream failed on purpose.",
    };
    const typeOf = (event: unknown) => (event as Json | null)?.["type"];
    return streamReply(
      events,
      script,
      (event) =>
        sseFrame(event, typeof typeOf(event) === "string" ? String(typeOf(event)) : undefined),
      { ...error, param: null, sequence_number: script?.errorAfter },
    );
  }

  /**
   * `body` is what reached the upstream (the distributor has checked JSON and model already);
   * `requestId` goes into validation failures, which the gateway answers with 500 `invalid_request`
   * (relay/helper/valid_request.go:116-128).
   */
  create(body: string, requestId: string): Reply {
    const request = parseJsonBody(body);
    const refused = refusal(request, requestId);
    if (refused || !request) return refused!;
    if (request["input"] === undefined || request["input"] === null)
      return invalidRequest("input is required", requestId);
    const script = request["stream"] === true ? this.#scripts.shift() : undefined;
    const text = script?.transcript ?? `Echo: ${textOf(request["input"]).slice(0, 200)}`;
    const background = request["background"] === true;
    const response = this.#build(request, text, background ? "in_progress" : "completed");
    const events = this.#events(response);
    if (request["store"] !== false) this.stored.set(String(response["id"]), { response, events });
    if (request["stream"] !== true) return json(200, response);
    return this.#stream(script?.events ?? events, script);
  }

  retrieve(id: string, query: URLSearchParams): Reply {
    const startingAfter = query.get("starting_after");
    if (startingAfter !== null && !/^\d+$/.test(startingAfter)) {
      return openaiError(
        400,
        "Invalid 'starting_after': expected an integer.",
        "invalid_request_error",
        "invalid_value",
        "starting_after",
      );
    }
    const stored = this.stored.get(id);
    if (!stored) return notFound(id);
    if (query.get("stream") === "true") {
      const after = startingAfter === null ? -1 : Number(startingAfter);
      return this.#stream(
        stored.events.filter((e) => Number(e["sequence_number"]) > after),
        undefined,
      );
    }
    return json(200, stored.response);
  }

  delete(id: string): Reply {
    if (!this.stored.delete(id)) return notFound(id);
    return json(200, { id, object: "response", deleted: true });
  }

  cancel(id: string): Reply {
    const stored = this.stored.get(id);
    if (!stored) return notFound(id);
    if (stored.response["background"] !== true) {
      return openaiError(
        400,
        "Only responses created with background=true can be cancelled.",
        "invalid_request_error",
        null,
        "response_id",
      );
    }
    stored.response = { ...stored.response, status: "cancelled" };
    return json(200, stored.response);
  }

  inputTokens(body: string): Reply {
    const request = parseJsonBody(body);
    if (!request) return badJson();
    return json(200, {
      object: "response.input_tokens",
      input_tokens: estimateTokens(textOf(request["input"]) + textOf(request["instructions"])),
    });
  }

  compact(body: string, requestId: string): Reply {
    const request = parseJsonBody(body);
    const refused = refusal(request, requestId);
    if (refused || !request) return refused!;
    const text = textOf(request["input"]);
    const tokens = estimateTokens(text);
    return json(200, {
      id: `cmp_${this.ids.hex(48)}`,
      object: "response.compaction",
      created_at: Math.floor(this.clock.now() / 1000),
      output: [
        ...(text
          ? [{ type: "message", role: "user", content: [{ type: "input_text", text }] }]
          : []),
        {
          type: "compaction",
          id: `cmp_item_${this.ids.hex(32)}`,
          encrypted_content: Buffer.from(`compacted:${tokens}`).toString("base64"),
        },
      ],
      usage: { input_tokens: tokens, output_tokens: 1, total_tokens: tokens + 1 },
    });
  }
}

function notFound(id: string): Reply {
  return openaiError(
    404,
    `Response with id '${id}' not found.`,
    "invalid_request_error",
    null,
    "response_id",
  );
}
