import type { components, operations, paths } from "../generated/gateway.js";

export type { GatewayOperationId } from "./operations.js";
export type { components, operations, paths };

type Json<T> = T extends { content: { "application/json": infer B } } ? B : never;
type Body<Op extends keyof operations> = operations[Op] extends { requestBody: infer R }
  ? Json<NonNullable<R>>
  : never;
type Ok<Op extends keyof operations> = operations[Op] extends { responses: { 200: infer R } }
  ? Json<R>
  : never;

/**
 * The documented fields of a request body, without the document's open index signature (which
 * would accept any key, typos included) and without `Omitted`. A key-remapping mapped type, not
 * `Omit`: `Omit` of a type with an index signature drops every known key.
 */
type Documented<T, Omitted extends string = never> = {
  [K in keyof T as string extends K
    ? never
    : number extends K
      ? never
      : K extends Omitted
        ? never
        : K]: T[K];
};

/**
 * The one escape hatch of every request body: fields the types do not list (a model's own
 * options) go in `extraBody`, and are merged into the JSON body as top-level keys. Every other
 * key must be a documented field, so a typo (`inputs` for `input`) fails to compile.
 */
export interface ExtraBody {
  /**
   * Extra top-level fields merged into the JSON body as they are, after the documented ones (so
   * they win on a clash, except for the `stream` flag the streaming helpers set). Nothing checks
   * them. They reach the model only when the gateway's operator enables body pass-through (off
   * by default): otherwise the gateway re-encodes its own request struct and silently drops every
   * key it does not know (on images also `images`, `aspect_ratio`, `resolution` and
   * `input_region`; on compact everything but `model`, `input`, `instructions` and
   * `previous_response_id`). Default: none.
   */
  extraBody?: Record<string, unknown> | undefined;
}

/** The body of a helper calling `Op`: its documented fields (except `Omitted`) plus {@link ExtraBody}. */
type Params<Op extends keyof operations, Omitted extends string = never> = ExtraBody &
  Documented<Body<Op>, Omitted>;

// Responses family
/** The whole `POST /v1/responses` body as the document defines it (open to extra keys). */
export type CreateResponseRequest = Body<"createResponse">;
/**
 * The body of `responses.create` and `responses.stream`: the documented fields except `stream`
 * (the helpers set it), plus {@link ExtraBody}. Unknown keys fail to compile.
 */
export interface ResponseCreateParams extends Params<"createResponse", "stream"> {}
/** A Response object (`GET /v1/responses/{id}`, the finished `POST /v1/responses`). */
export type ResponseObject = Ok<"retrieveResponse">;
/** The answer of `DELETE /v1/responses/{id}`. */
export type DeletedResponse = Ok<"deleteResponse">;
/** The whole `POST /v1/responses/input_tokens` body as the document defines it. */
export type InputTokensRequest = Body<"countResponseInputTokens">;
/** The body of `responses.countInputTokens`: the documented fields plus {@link ExtraBody}. */
export interface InputTokensParams extends Params<"countResponseInputTokens"> {}
/** The answer of `POST /v1/responses/input_tokens`. */
export type InputTokensResponse = Ok<"countResponseInputTokens">;
/** The whole `POST /v1/responses/compact` body as the document defines it. */
export type CompactRequest = Body<"compactResponse">;
/** The body of `responses.compact`: the documented fields plus {@link ExtraBody}. */
export interface CompactParams extends Params<"compactResponse"> {}
/** The answer of `POST /v1/responses/compact`. */
export type CompactResponse = Ok<"compactResponse">;

// Images
/** The whole `POST /v1/images/generations` body as the document defines it. */
export type ImageRequest = Body<"createImage">;
/**
 * The body of `images.generate` and `images.submit`: the documented fields plus {@link ExtraBody}.
 * `model` is required (refused before sending without it). `resolution`, `aspect_ratio`,
 * `images` and `input_region` are not gateway fields: they reach the upstream only when the
 * operator enables body pass-through (off by default), so without it image-to-image silently
 * becomes text-to-image. Verify with your operator.
 */
export interface ImageGenerateParams extends Params<"createImage"> {}
/** A finished image result, or (sync calls only) a task when the gateway chose to run it async. */
export type ImageResult = Ok<"createImage">;
/** An image task (`GET /v1/images/generations/{task_id}`). */
export type ImageTask = Ok<"getImageTask">;
/** A finished image result (`created`, `data[]`). */
export type ImagesResponse = components["schemas"]["ImagesResponse"];
/** `images.submit()` got a task to poll. */
export interface SubmittedImageTask {
  /** A task was created: poll it. */
  kind: "task";
  /** The task, with its id and status. */
  task: ImageTask;
}
/**
 * `images.submit()` got the finished images at once: the gateway ignored `async=true` (stock
 * new-api does). The call was billed; do not submit again.
 */
export interface CompletedImageSubmission {
  /** The gateway finished at once. */
  kind: "completed";
  /** The generated images. */
  result: ImagesResponse;
}
/** What `images.submit()` answers; switch on `kind`. */
export type ImageSubmission = SubmittedImageTask | CompletedImageSubmission;

// Anthropic-style
/** The whole `POST /v1/messages/count_tokens` body as the document defines it. */
export type CountTokensRequest = Body<"countMessageTokens">;
/** The body of `messages.countTokens`: the documented fields plus {@link ExtraBody}. */
export interface CountTokensParams extends Params<"countMessageTokens"> {}
/** The answer of `POST /v1/messages/count_tokens`. */
export type CountTokensResponse = Ok<"countMessageTokens">;

// Gemini-style
/** The whole `generateContent` body as the document defines it. */
export type GenerateContentRequest = Body<"generateContent">;
/** The body of `gemini.generateContent` and `gemini.streamGenerateContent`: the documented fields plus {@link ExtraBody}. */
export interface GenerateContentParams extends Params<"generateContent"> {}
/** One `generateContent` answer, or one chunk of a `streamGenerateContent` stream. */
export type GenerateContentResponse = Ok<"generateContent">;

/** The JSON body of a params object: its documented fields with `extraBody` merged in. */
export function bodyOf(params: ExtraBody, more?: object): Record<string, unknown> {
  const { extraBody, ...rest } = params ?? {};
  return { ...rest, ...extraBody, ...more };
}
