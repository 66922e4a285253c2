import { Agent, ProxyAgent, fetch as undiciFetch } from "undici";
import { startHostileServer } from "./hostile.js";

/**
 * The `fetch`es a user may pass, each to be tried by a timeout that must fire whichever it is:
 * a wrapper, Node's fetch with an undici `Agent` dispatcher (as the gateway client's README
 * shows) or a `ProxyAgent` (the server is the proxy, which never answers), and undici's own
 * fetch with an `Agent` (it takes no foreign Request, so the wrapper unpacks it).
 */
export function userFetches(): [string, (request: Request) => Promise<Response>][] {
  const dispatcher = new Agent({ bodyTimeout: 0, headersTimeout: 0 });
  return [
    ["a wrapper", (r) => fetch(r)],
    ["an undici Agent dispatcher", (r) => fetch(r, { dispatcher } as RequestInit)],
    [
      "an undici ProxyAgent whose proxy never answers",
      (r) => {
        const proxy = new ProxyAgent({ uri: new URL(r.url).origin, proxyTunnel: false });
        return fetch(r, { dispatcher: proxy } as RequestInit);
      },
    ],
    [
      "undici's fetch with an Agent",
      (r) =>
        undiciFetch(r.url, {
          method: r.method,
          headers: [...r.headers],
          body: r.body,
          signal: r.signal,
          duplex: "half",
          dispatcher,
        }) as unknown as Promise<Response>,
    ],
  ];
}

/**
 * How `call` settled against a server that never answers, with garbage collected every 30 ms
 * once its request arrived (100 rounds at most): for timeouts and aborts that must not hang on
 * a signal that undici keeps only through a WeakRef. Needs `--expose-gc` (vitest.shared.ts).
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
  for (let i = 0; i < 100 && !settled; i++, globalThis.gc!())
    await new Promise((r) => setTimeout(r, 30));
  await server.stop();
  return { settled, error: settled ? await outcome : undefined };
}
