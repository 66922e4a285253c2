import { Agent, ProxyAgent, fetch as undiciFetch } from "undici";
import { startHostileServer } from "./hostile.js";

/**
 * The `fetch`es a user may pass, for a timeout that must fire whichever it is: a wrapper,
 * Node's fetch with an undici `Agent` (as the gateway client's README shows) or a `ProxyAgent`
 * whose proxy (the server) never answers, and undici's own fetch (it takes no foreign Request).
 */
export function userFetches(): [string, (request: Request) => Promise<Response>][] {
  const dispatcher = new Agent({ bodyTimeout: 0, headersTimeout: 0 });
  const proxy = (r: Request) => new ProxyAgent({ uri: new URL(r.url).origin, proxyTunnel: false });
  return [
    ["a wrapper", (r) => fetch(r)],
    ["an undici Agent dispatcher", (r) => fetch(r, { dispatcher } as RequestInit)],
    ["a silent proxy's ProxyAgent", (r) => fetch(r, { dispatcher: proxy(r) } as RequestInit)],
    [
      "undici's fetch with an Agent",
      ({ url, method, headers, body, signal }) =>
        undiciFetch(url, {
          method,
          headers: [...headers],
          body,
          signal,
          duplex: "half",
          dispatcher,
        }) as never,
    ],
  ];
}

/**
 * How `call` settled against a server that never answers, with garbage collected when its
 * request arrived and every 100 ms after (30 rounds at most; nothing else runs meanwhile, and
 * each is a full collection: every 30 ms was most of these tests' CPU): for timeouts and aborts
 * that must not hang on a signal undici keeps only through a WeakRef. Needs `--expose-gc`.
 */
export async function settleWithGc(call: (origin: string) => Promise<unknown>) {
  let arrived!: () => void;
  const started = new Promise<void>((resolve) => (arrived = resolve));
  const server = await startHostileServer(() => arrived());
  let settled = false;
  const outcome = call(server.origin)
    .then(
      (v) => v,
      (e: unknown) => e,
    )
    .finally(() => (settled = true));
  await started;
  for (let i = 0; i < 30 && !settled; i++) {
    globalThis.gc!();
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop();
  return { settled, error: settled ? await outcome : undefined };
}
