import type { Context, CallOptions, StreamCallOptions } from "./context.js";
import { linkedController, STREAM_ACCEPT } from "./context.js";
import { responsesDecoder } from "./decoders.js";
import type { GatewayStream } from "./sse.js";
import type {
  CompactRequest,
  CompactResponse,
  CreateResponseParams,
  CreateResponseRequest,
  DeletedResponse,
  InputTokensRequest,
  InputTokensResponse,
  ResponseObject,
} from "./types.js";
import type { ResponseStreamEvent } from "./stream-types.js";

/** The OpenAI-style Responses operations (bearer auth). */
export function responsesApi(ctx: Context) {
  const { raw } = ctx;
  return {
    /** `POST /v1/responses` without streaming: the finished Response. */
    async create(body: CreateResponseParams, options: CallOptions = {}): Promise<ResponseObject> {
      const result = await raw.POST("/v1/responses", { body: { ...body, stream: false } as CreateResponseRequest, signal: options.signal ?? null });
      if (result.data === undefined) throw ctx.failure("createResponse", result);
      return result.data as ResponseObject;
    },

    /**
     * `POST /v1/responses` with `stream: true`: typed events as they arrive. Breaking out of
     * the loop or aborting `signal` cancels the request; there is no automatic reconnect.
     */
    async stream(body: CreateResponseParams, options: StreamCallOptions = {}): Promise<GatewayStream<ResponseStreamEvent>> {
      const controller = linkedController(options.signal);
      const result = await raw.POST("/v1/responses", {
        body: { ...body, stream: true } as CreateResponseRequest,
        headers: { Accept: STREAM_ACCEPT },
        parseAs: "stream",
        signal: controller.signal,
      });
      if (!result.response.ok) throw ctx.failure("createResponse", result);
      return ctx.stream(result.response, controller, (s, id) => responsesDecoder<ResponseStreamEvent>(ctx.redact, s, id), options.idleTimeoutMs);
    },

    /** `GET /v1/responses/{response_id}`. */
    async retrieve(responseId: string, options: CallOptions = {}): Promise<ResponseObject> {
      const result = await raw.GET("/v1/responses/{response_id}", { params: { path: { response_id: responseId } }, signal: options.signal ?? null });
      if (result.data === undefined) throw ctx.failure("retrieveResponse", result, responseId);
      return result.data as ResponseObject;
    },

    /** `DELETE /v1/responses/{response_id}`; an empty or non-JSON 2xx body counts as deleted. */
    async delete(responseId: string, options: CallOptions = {}): Promise<DeletedResponse> {
      const result = await raw.DELETE("/v1/responses/{response_id}", {
        params: { path: { response_id: responseId } },
        parseAs: "text",
        signal: options.signal ?? null,
      });
      if (!result.response.ok) throw ctx.failure("deleteResponse", result, responseId);
      try {
        return JSON.parse(result.data as unknown as string) as DeletedResponse;
      } catch {
        return { id: responseId, object: "response", deleted: true } as DeletedResponse;
      }
    },

    /** `POST /v1/responses/{response_id}/cancel`: only background responses can be cancelled. */
    async cancel(responseId: string, options: CallOptions = {}): Promise<ResponseObject> {
      const result = await raw.POST("/v1/responses/{response_id}/cancel", { params: { path: { response_id: responseId } }, signal: options.signal ?? null });
      if (result.data === undefined) throw ctx.failure("cancelResponse", result, responseId);
      return result.data;
    },

    /** `POST /v1/responses/input_tokens`: the input-token count of a would-be request. */
    async countInputTokens(body: InputTokensRequest, options: CallOptions = {}): Promise<InputTokensResponse> {
      const result = await raw.POST("/v1/responses/input_tokens", { body, signal: options.signal ?? null });
      if (result.data === undefined) throw ctx.failure("countResponseInputTokens", result);
      return result.data;
    },

    /** `POST /v1/responses/compact`: a compacted form of a conversation. */
    async compact(body: CompactRequest, options: CallOptions = {}): Promise<CompactResponse> {
      const result = await raw.POST("/v1/responses/compact", { body, signal: options.signal ?? null });
      if (result.data === undefined) throw ctx.failure("compactResponse", result);
      return result.data;
    },
  };
}
