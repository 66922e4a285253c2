import { Agent, type Dispatcher, EnvHttpProxyAgent } from "undici";
import { proxySettings } from "./proxy.js";

/**
 * The HTTP timeouts of Node's fetch (undici) the CLI turns off: its defaults (300 s `bodyTimeout`,
 * 300 s `headersTimeout`) would end a silent stream before the gateway client's 330 s idle
 * timeout, and a non-streamed answer before its 600 s per-attempt timeout, reported as a broken
 * connection. With them off, the client's own documented timeouts are the ones that apply.
 */
export const UNDICI_TIMEOUTS = { bodyTimeout: 0, headersTimeout: 0 } as const;

let agent: Dispatcher | undefined;

/**
 * The `fetch` the CLI's gateway client sends through: Node's fetch over an undici Agent with
 * {@link UNDICI_TIMEOUTS}, or over an `EnvHttpProxyAgent` with the same timeouts when `env` sets
 * `HTTPS_PROXY` or `HTTP_PROXY` (`NO_PROXY` honoured). The client wraps it in its resilient
 * transport with its own defaults. `options` replaces the timeouts (tests use small ones to show
 * which timer fires); `env` defaults to no proxy.
 */
export function untimedFetch(
  options: { bodyTimeout: number; headersTimeout: number } = UNDICI_TIMEOUTS,
  env: Record<string, string | undefined> = {},
): (request: Request) => Promise<Response> {
  const proxy = proxySettings(env);
  let dispatcher: Dispatcher;
  if (proxy !== undefined) dispatcher = new EnvHttpProxyAgent({ ...proxy, ...options });
  else if (options === UNDICI_TIMEOUTS) dispatcher = agent ??= new Agent(UNDICI_TIMEOUTS);
  else dispatcher = new Agent(options);
  // `dispatcher` is undici's extension of RequestInit, which Node's fetch honours.
  return (request) => fetch(request, { dispatcher } as RequestInit);
}
