import { getResponseMeta, type ResponseMeta } from "./transport/meta.js";

/** A call's parsed answer together with the HTTP response it came in and that response's metadata. */
export interface WithResponse<T> {
  /** The parsed answer, as awaiting the call gives it. */
  data: T;
  /** The final HTTP response (its body already read). */
  response: Response;
  /** Status, request id, ETag, cache lifetimes and attempts of the response. */
  meta: ResponseMeta;
}

/**
 * The promise every typed call returns: await it for the data, or call `withResponse()` for
 * the data with its response metadata, as openai-node's `APIPromise`.
 */
export interface APIPromise<T> extends Promise<T> {
  /** The same call's data with the response it came in and its metadata. Sends nothing more. */
  withResponse(): Promise<WithResponse<T>>;
}

/** Wraps a call that yields its data and response into an {@link APIPromise}. */
export function apiPromise<T>(call: Promise<{ data: T; response: Response }>): APIPromise<T> {
  const data = call.then((result) => result.data) as APIPromise<T>;
  // The caller may use only withResponse(): the plain data promise must not report an unhandled rejection then.
  data.catch(() => {});
  data.withResponse = () =>
    call.then((result) => ({ ...result, meta: getResponseMeta(result.response) }));
  return data;
}
