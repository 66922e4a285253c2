import type { components, operations, paths } from "./generated/gateway.js";

export type { components, operations, paths };

type Json<T> = T extends { content: { "application/json": infer B } } ? B : never;
type Body<Op extends keyof operations> = operations[Op] extends { requestBody: infer R } ? Json<NonNullable<R>> : never;
type Ok<Op extends keyof operations> = operations[Op] extends { responses: { 200: infer R } } ? Json<R> : never;

// Responses family
export type CreateResponseRequest = Body<"createResponse">;
/**
 * The create request without `stream`, which `responses.create` and `responses.stream` set
 * themselves. A key-remapping mapped type, not `Omit`: `Omit` of a type with an index signature
 * (the request is open to extra keys) would drop every known key and accept anything.
 */
export type CreateResponseParams = { [K in keyof CreateResponseRequest as K extends "stream" ? never : K]: CreateResponseRequest[K] };
export type ResponseObject = Ok<"retrieveResponse">;
export type DeletedResponse = Ok<"deleteResponse">;
export type InputTokensRequest = Body<"countResponseInputTokens">;
export type InputTokensResponse = Ok<"countResponseInputTokens">;
export type CompactRequest = Body<"compactResponse">;
export type CompactResponse = Ok<"compactResponse">;

// Images
export type ImageRequest = Body<"createImage">;
export type ImageResult = Ok<"createImage">;
export type ImageTask = Ok<"getImageTask">;
/** A finished image result (`created`, `data[]`). */
export type ImagesResponse = components["schemas"]["ImagesResponse"];
/** `images.submit()` got a task to poll. */
export interface SubmittedImageTask {
  kind: "task";
  task: ImageTask;
}
/**
 * `images.submit()` got the finished images at once: the gateway ignored `async=true` (stock
 * new-api does). The call was billed; do not submit again.
 */
export interface CompletedImageSubmission {
  kind: "completed";
  result: ImagesResponse;
}
/** What `images.submit()` answers; switch on `kind`. */
export type ImageSubmission = SubmittedImageTask | CompletedImageSubmission;

// Anthropic-style
export type CountTokensRequest = Body<"countMessageTokens">;
export type CountTokensResponse = Ok<"countMessageTokens">;

// Gemini-style
export type GenerateContentRequest = Body<"generateContent">;
export type GenerateContentResponse = Ok<"generateContent">;

/** The gateway's operationIds. */
export type GatewayOperationId = keyof operations;
