import type { APIPromise } from "@feedgate/core";
import type { Caller, CallOptions } from "./call.js";
import { bodyOf, type CountTokensParams, type CountTokensResponse } from "./types.js";

/** The Anthropic-style route (`x-api-key` + `anthropic-version: 2023-06-01`). */
export interface MessagesApi {
  /** `POST /v1/messages/count_tokens`: the input-token count of a Messages request. Free, so retried like a GET. */
  countTokens(body: CountTokensParams, options?: CallOptions): APIPromise<CountTokensResponse>;
}

export function messagesApi({ call }: Caller): MessagesApi {
  return {
    countTokens: (body, o) =>
      // The `anthropic-version` header the document marks required goes with the key (setCredential).
      call("countMessageTokens", () => ({ body: bodyOf(body) }), o),
  };
}
