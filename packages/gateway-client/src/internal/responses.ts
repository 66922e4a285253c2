import { type APIPromise, invalidArgument } from "@feedgate/core";
import type { Caller, CallInit, CallOptions, StreamCallOptions } from "./call.js";
import type { GatewayStream } from "./sse.js";
import type { ResponseStreamEvent } from "./stream-types.js";
import {
  bodyOf,
  type CompactParams,
  type CompactResponse,
  type DeletedResponse,
  type InputTokensParams,
  type InputTokensResponse,
  type ResponseCreateParams,
  type ResponseObject,
} from "./types.js";

/**
 * The body of a create call, after checking the fields the gateway itself checks before relaying
 * (its source answers HTTP 500 `invalid_request` without them): refused here instead, with an
 * InvalidRequestError (code `invalid_argument`, `param` naming the field), before anything is sent.
 */
function createBody(params: ResponseCreateParams, stream: boolean): Record<string, unknown> {
  if (typeof params !== "object" || params === null)
    throw invalidArgument("body", "required: { model, input }");
  const { model, input } = params as { model?: unknown; input?: unknown };
  if (typeof model !== "string" || model.trim() === "")
    throw invalidArgument("model", "required: a model name");
  if (input == null || input === "" || (Array.isArray(input) && input.length === 0))
    throw invalidArgument("input", "required: a string or a non-empty list of input items");
  return bodyOf(params, { stream });
}

/** The OpenAI-style Responses operations (bearer auth). Every method takes {@link CallOptions} last. */
export interface ResponsesApi {
  /** `POST /v1/responses` without streaming: the finished Response. Billed: retried only where the gateway cannot have run it (429, connect failures). */
  create(body: ResponseCreateParams, options?: CallOptions): APIPromise<ResponseObject>;
  /**
   * `POST /v1/responses` with `stream: true`: typed events as they arrive. Breaking out of
   * the loop or aborting `signal` cancels the request; there is no automatic reconnect.
   */
  stream(
    body: ResponseCreateParams,
    options?: StreamCallOptions,
  ): Promise<GatewayStream<ResponseStreamEvent>>;
  /** `GET /v1/responses/{response_id}`. */
  retrieve(responseId: string, options?: CallOptions): APIPromise<ResponseObject>;
  /** `DELETE /v1/responses/{response_id}`; an empty or non-JSON 2xx body counts as deleted. */
  delete(responseId: string, options?: CallOptions): APIPromise<DeletedResponse>;
  /** `POST /v1/responses/{response_id}/cancel`: only background responses can be cancelled. */
  cancel(responseId: string, options?: CallOptions): APIPromise<ResponseObject>;
  /** `POST /v1/responses/input_tokens`: the input-token count of a would-be request. */
  countInputTokens(body: InputTokensParams, options?: CallOptions): APIPromise<InputTokensResponse>;
  /** `POST /v1/responses/compact`: a compacted form of a conversation. */
  compact(body: CompactParams, options?: CallOptions): APIPromise<CompactResponse>;
}

/** A deleted answer: the gateway's JSON, or (an empty or non-JSON 2xx body) the deletion it confirms. */
const deleted = (responseId: string) => (text: string) => {
  try {
    return JSON.parse(text) as DeletedResponse;
  } catch {
    return { id: responseId, object: "response", deleted: true } as DeletedResponse;
  }
};

export function responsesApi({ call, stream }: Caller): ResponsesApi {
  const byId = (id: string, more?: CallInit) => () => ({
    params: { path: { response_id: id } },
    ...more,
  });
  return {
    create: (body, o) => call("createResponse", () => ({ body: createBody(body, false) }), o),
    stream: async (body, o) => stream("createResponse", { body: createBody(body, true) }, o),
    retrieve: (id, o) => call("retrieveResponse", byId(id), o),
    delete: (id, o) => call("deleteResponse", byId(id, { parseAs: "text" }), o, deleted(id)),
    cancel: (id, o) => call("cancelResponse", byId(id), o),
    countInputTokens: (body, o) =>
      call("countResponseInputTokens", () => ({ body: bodyOf(body) }), o),
    compact: (body, o) => call("compactResponse", () => ({ body: bodyOf(body) }), o),
  };
}
