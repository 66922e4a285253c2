import type { components } from "../generated/gateway.js";

type Schemas = components["schemas"];

/** One event of a Responses stream (`POST /v1/responses` with `stream: true`), discriminated by `type`. */
export type ResponseStreamEvent = Schemas["ResponseStreamEvent"];

/** The `type` values a Responses stream can carry. */
export type ResponseStreamEventType = ResponseStreamEvent["type"];

/** The event of a given `type`, e.g. `ResponseStreamEventOf<"response.output_text.delta">`. */
export type ResponseStreamEventOf<T extends ResponseStreamEventType> = Extract<
  ResponseStreamEvent,
  {
    /** The event type to pick. */
    type: T;
  }
>;
