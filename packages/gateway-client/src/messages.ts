import type { APIPromise } from "@feedgate/core";
import type { CallOptions, Context } from "./context.js";
import { ANTHROPIC_VERSION } from "./transport.js";
import { bodyOf, type CountTokensParams, type CountTokensResponse } from "./types.js";

/** The Anthropic-style route (`x-api-key` + `anthropic-version: 2023-06-01`). */
export interface MessagesApi {
  /** `POST /v1/messages/count_tokens`: the input-token count of a Messages request. Free, so retried like a GET. */
  countTokens(body: CountTokensParams, options?: CallOptions): APIPromise<CountTokensResponse>;
}

export function messagesApi({ call }: Context): MessagesApi {
  return {
    countTokens: (body, options) =>
      call(
        "countMessageTokens",
        "POST",
        "/v1/messages/count_tokens",
        // The transport sets the header too; passed here because the document marks it required.
        () => ({
          body: bodyOf(body),
          params: { header: { "anthropic-version": ANTHROPIC_VERSION } },
        }),
        options,
      ),
  };
}
