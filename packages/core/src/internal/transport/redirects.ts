import { createError } from "../../errors.js";
import { CREDENTIAL_HEADERS } from "../secrets.js";

/** Statuses whose `Location` is followed. */
const REDIRECTS = [301, 302, 303, 307, 308];

/** What one attempt gives its {@link RedirectFollower}: the request and a way to send each hop inside the attempt. */
export interface RedirectAttempt {
  /** The request of the attempt (credentials included: never log it). */
  request: Request;
  /** Its replayable body, or `null`. */
  body: ArrayBuffer | null;
  /** `METHOD url` as it may be logged, for messages (made when first needed). */
  what: () => string;
  /** Sends one hop under the attempt's timeout and signal. */
  send(request: Request, body: ArrayBuffer | null): Promise<Response>;
}

/** Where an attempt ended after its redirects: the last answer and the request that got it. */
export interface Redirected {
  /** The last answer (not a redirect to follow). */
  response: Response;
  /** The URL of the last hop. */
  url: string;
  /** The method of the last hop (a 303 turns a POST into a GET). */
  method: string;
}

/** Follows the redirects of one attempt, inside it (see {@link followRedirects}). */
export type RedirectFollower = (first: Response, attempt: RedirectAttempt) => Promise<Redirected>;

/**
 * The redirect rule the transport applies inside each attempt, when given as its `redirects`
 * option (each attempt is then sent with `redirect: "manual"`): follows at most `max` redirects;
 * a 303, or a 301/302 after a POST, continues as a GET without a body. A redirect to another
 * origin is refused while the request carries a credential header (kind `redirect`, code
 * `cross_origin_refused`), so a key never leaves its origin, redirects included; so is a target
 * the platform hides (`redirect_refused`) and hop `max + 1` (`too_many_redirects`). A refused
 * redirect is not retried.
 */
export function followRedirects(max: number): RedirectFollower {
  return async (first, { request, body, what, send }) => {
    const credential = CREDENTIAL_HEADERS.some((name) => request.headers.has(name));
    let [response, url, method] = [first, new URL(request.url), request.method];
    for (let hops = 0; ; hops++) {
      if (response.type === "opaqueredirect")
        throw createError({
          kind: "redirect",
          code: "redirect_refused",
          message: `${what()}: a redirect whose target is hidden: not followed`,
        });
      const location = response.headers.get("location");
      const { status } = response;
      if (!REDIRECTS.includes(status) || location === null)
        return { response, url: url.href, method };
      const next = new URL(location, url);
      if (next.origin !== url.origin && credential)
        throw createError({
          kind: "redirect",
          code: "cross_origin_refused",
          message: `${what()}: redirected to another origin, ${next.origin}: refused, so its credentials are not sent there`,
          status,
        });
      if (hops >= max)
        throw createError({
          kind: "redirect",
          code: "too_many_redirects",
          message: `${what()}: more than ${max} redirects`,
          status,
        });
      void response.body?.cancel().catch(() => {});
      const headers = new Headers(request.headers);
      if (status === 303 || (status < 303 && method === "POST")) {
        [method, body] = ["GET", null];
        headers.delete("content-type");
      }
      url = next;
      response = await send(
        new Request(url, { method, headers, credentials: request.credentials, redirect: "manual" }),
        body,
      );
    }
  };
}
