import type { Context, CallOptions, StreamCallOptions } from "./context.js";
import { gatewayError } from "./errors.js";
import type { GatewayStream } from "./sse.js";
import type {
  CompactRequest,
  CompactResponse,
  CreateResponseParams,
  DeletedResponse,
  InputTokensRequest,
  InputTokensResponse,
  ResponseObject,
} from "./types.js";
import type { ResponseStreamEvent } from "./stream-types.js";

/**
 * The fields the gateway itself checks before relaying (its source answers HTTP 500
 * `invalid_request` without them): refused here instead, before anything is sent.
 */
function checkCreate(operation: string, body: unknown): void {
  const { model, input } = (body ?? {}) as { model?: unknown; input?: unknown };
  const fail = (field: string, rule: string) => {
    throw gatewayError("config", "invalid_request", `${operation}: ${field}: ${rule}`);
  };
  if (typeof body !== "object" || body === null) fail("body", "required: { model, input }");
  if (typeof model !== "string" || model.trim() === "") fail("model", "required: a model name");
  if (input === undefined || input === null || input === "" || (Array.isArray(input) && input.length === 0)) fail("input", "required: a string or a non-empty list of input items");
}

/** The OpenAI-style Responses operations (bearer auth). */
export function responsesApi({ call, stream }: Context) {
  const byId = (responseId: string) => ({ params: { path: { response_id: responseId } } });
  return {
    /** `POST /v1/responses` without streaming: the finished Response. */
    async create(body: CreateResponseParams, options?: CallOptions): Promise<ResponseObject> {
      checkCreate("createResponse", body);
      return call("createResponse", "POST", "/v1/responses", { body: { ...body, stream: false } }, options);
    },

    /**
     * `POST /v1/responses` with `stream: true`: typed events as they arrive. Breaking out of
     * the loop or aborting `signal` cancels the request; there is no automatic reconnect.
     */
    async stream(body: CreateResponseParams, options?: StreamCallOptions): Promise<GatewayStream<ResponseStreamEvent>> {
      checkCreate("createResponse", body);
      return stream("createResponse", "/v1/responses", { body: { ...body, stream: true } }, options, false);
    },

    /** `GET /v1/responses/{response_id}`. */
    retrieve(responseId: string, options?: CallOptions): Promise<ResponseObject> {
      return call("retrieveResponse", "GET", "/v1/responses/{response_id}", byId(responseId), options);
    },

    /** `DELETE /v1/responses/{response_id}`; an empty or non-JSON 2xx body counts as deleted. */
    async delete(responseId: string, options?: CallOptions): Promise<DeletedResponse> {
      const text = await call<string>("deleteResponse", "DELETE", "/v1/responses/{response_id}", { ...byId(responseId), parseAs: "text" }, options);
      try {
        return JSON.parse(text) as DeletedResponse;
      } catch {
        return { id: responseId, object: "response", deleted: true } as DeletedResponse;
      }
    },

    /** `POST /v1/responses/{response_id}/cancel`: only background responses can be cancelled. */
    cancel(responseId: string, options?: CallOptions): Promise<ResponseObject> {
      return call("cancelResponse", "POST", "/v1/responses/{response_id}/cancel", byId(responseId), options);
    },

    /** `POST /v1/responses/input_tokens`: the input-token count of a would-be request. */
    countInputTokens(body: InputTokensRequest, options?: CallOptions): Promise<InputTokensResponse> {
      return call("countResponseInputTokens", "POST", "/v1/responses/input_tokens", { body }, options);
    },

    /** `POST /v1/responses/compact`: a compacted form of a conversation. */
    compact(body: CompactRequest, options?: CallOptions): Promise<CompactResponse> {
      return call("compactResponse", "POST", "/v1/responses/compact", { body }, options);
    },
  };
}
