import type { APIPromise } from "@feedgate/core";
import type { Caller, CallOptions } from "./call.js";
import { ANTHROPIC_VERSION } from "./request.js";
import { bodyOf, type CountTokensParams, type CountTokensResponse } from "./types.js";

/** The Anthropic-style route (`x-api-key` + `anthropic-version: 2023-06-01`). */
export interface MessagesApi {
  /** `POST /v1/messages/count_tokens`: the input-token count of a Messages request. Free, so retried like a GET. */
  countTokens(body: CountTokensParams, options?: CallOptions): APIPromise<CountTokensResponse>;
}

/** The header the document marks required (the credentials middleware sets it too). */
const header = { "anthropic-version": ANTHROPIC_VERSION };

export function messagesApi({ call }: Caller): MessagesApi {
  return {
    countTokens: (body, o) =>
      call("countMessageTokens", () => ({ body: bodyOf(body), params: { header } }), o),
  };
}
