const monotonicNow = () => performance.now();

/** One scripted answer: a Response, an error to reject with, or a function of the request. */
export type Scripted = Response | Error | ((request: Request) => Response | Promise<Response>);

export interface SeenRequest {
  method: string;
  url: string;
  headers: Headers;
  body: string | undefined;
  at: number;
  signal: AbortSignal;
}

/**
 * A fetch that answers from a script, in order (the last entry repeats), recording what it
 * was sent. Each entry is used once, as a real server answers each request afresh.
 */
export function scriptedFetch(script: Scripted[]) {
  const seen: SeenRequest[] = [];
  let next = 0;
  const fetch = async (request: Request): Promise<Response> => {
    const body = request.body === null ? undefined : await request.text();
    seen.push({
      method: request.method,
      url: request.url,
      headers: new Headers(request.headers),
      body,
      at: monotonicNow(),
      signal: request.signal,
    });
    const entry = script[Math.min(next++, script.length - 1)];
    if (entry === undefined) throw new Error("empty script");
    if (entry instanceof Error) throw entry;
    if (typeof entry === "function") return entry(request);
    return entry.clone();
  };
  return { fetch, seen };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

export const problem = (
  status: number,
  code: string,
  headers: Record<string, string> = {},
  extra: object = {},
) =>
  new Response(
    JSON.stringify({
      type: `/problems/${code}`,
      title: "t",
      status,
      detail: "d",
      code,
      requestId: "req-1",
      ...extra,
    }),
    {
      status,
      headers: { "content-type": "application/problem+json", "x-request-id": "req-1", ...headers },
    },
  );

/** A connection failure as undici reports it. */
export function connectionError(code = "UND_ERR_SOCKET"): TypeError {
  const cause = Object.assign(new Error("other side closed"), { code });
  return new TypeError("fetch failed", { cause });
}

/** A fetch that never answers until the request's signal fires. */
export const hanging = (request: Request): Promise<Response> =>
  new Promise((_, reject) => {
    request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
  });

/** A sleep that only records the waits asked for. */
export function recordingSleep() {
  const waits: number[] = [];
  const sleep = async (ms: number, signal?: AbortSignal) => {
    if (signal?.aborted) throw signal.reason;
    waits.push(ms);
  };
  return { sleep, waits };
}

/** A GET request to some JSON endpoint. */
export const getRequest = (
  url = "https://feed.example/api/v1/hot-topics",
  headers: Record<string, string> = {},
) => new Request(url, { headers: { accept: "application/json", ...headers } });

export const postRequest = (
  url: string,
  body: unknown = { a: 1 },
  headers: Record<string, string> = {},
) =>
  new Request(url, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { accept: "application/json", "content-type": "application/json", ...headers },
  });
