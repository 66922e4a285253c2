import type { Context, CallOptions } from "./context.js";
import { ANTHROPIC_VERSION } from "./transport.js";
import type { CountTokensRequest, CountTokensResponse } from "./types.js";

/** The Anthropic-style route (`x-api-key` + `anthropic-version: 2023-06-01`). */
export function messagesApi(ctx: Context) {
  return {
    /** `POST /v1/messages/count_tokens`: the input-token count of a Messages request. */
    async countTokens(body: CountTokensRequest, options: CallOptions = {}): Promise<CountTokensResponse> {
      const result = await ctx.raw.POST("/v1/messages/count_tokens", {
        body,
        // The transport sets it too; passed here because the document marks the header required.
        params: { header: { "anthropic-version": ANTHROPIC_VERSION } },
        signal: options.signal ?? null,
      });
      if (result.data === undefined) throw ctx.failure("countMessageTokens", result);
      return result.data;
    },
  };
}
