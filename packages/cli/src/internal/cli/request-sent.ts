import { subscribe, unsubscribe } from "node:diagnostics_channel";

/**
 * undici's channel for "a request's headers were written to the socket". Node's fetch publishes
 * it, and so does the npm undici the proxy support loads (channels are shared by name).
 */
const SEND_HEADERS = "undici:client:sendHeaders";

/**
 * Runs `load` once the request behind `answer` is on the wire (its headers written), or once
 * `answer` settles, whichever comes first (a request that fails before it is sent, or a fetch
 * that publishes nothing). Loading modules compiles and runs them on the one thread that also
 * connects the socket: started while the request is still being sent, they delay it by their
 * whole load time (about 35 ms for the table renderers); started after, they load while the
 * answer is on its way.
 */
export function afterRequestSent<T>(answer: Promise<unknown>, load: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => {
    const sent = () => {
      unsubscribe(SEND_HEADERS, sent);
      resolve();
    };
    subscribe(SEND_HEADERS, sent);
    answer.then(sent, sent);
  }).then(load);
}
