import type { Context, CallOptions } from "./context.js";
import { ANTHROPIC_VERSION } from "./transport.js";
import type { CountTokensRequest, CountTokensResponse } from "./types.js";

/** The Anthropic-style route (`x-api-key` + `anthropic-version: 2023-06-01`). */
export function messagesApi({ call }: Context) {
  return {
    /** `POST /v1/messages/count_tokens`: the input-token count of a Messages request. */
    countTokens(body: CountTokensRequest, options?: CallOptions): Promise<CountTokensResponse> {
      return call(
        "countMessageTokens",
        "POST",
        "/v1/messages/count_tokens",
        // The transport sets the header too; passed here because the document marks it required.
        { body, params: { header: { "anthropic-version": ANTHROPIC_VERSION } } },
        options,
      );
    },
  };
}
