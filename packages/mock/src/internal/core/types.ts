/**
 * The vocabulary of the fakes' shared core: faults, fault rules and recorded requests. It is
 * generic over the route names (`Route`), which each fake supplies from its own document's
 * operations (feed/routes.ts, gateway/routes.ts): the core knows no service.
 */

/** A status the `status` fault can answer with. */
export type FaultStatus = 408 | 429 | 500 | 502 | 503 | 504;

/** One way to misbehave. Every fault replaces (or, for `delay`, postpones) the normal answer. */
export type Fault =
  | {
      /** Answers with an error status. */
      type: "status";
      /** HTTP status; the body is the route family's error envelope (feed: Problem). */
      status: FaultStatus;
      /**
       * `Retry-After` header: delta-seconds (number) or an HTTP-date (string), sent as given.
       * `null` omits the header. Default: the feed sends `1` on 429/503 (its spec declares the header there);
       * the gateway sends none (it never sets the header itself).
       */
      retryAfter?: number | string | null | undefined;
      /** `retry-after-ms` header (milliseconds). Default: absent. */
      retryAfterMs?: number | undefined;
      /** Gemini routes only: adds a `google.rpc.RetryInfo` detail with this `retryDelay` (e.g. "22s") to the body. Default: none. */
      retryDelay?: string | undefined;
    }
  /** Destroys the socket before any byte of a response. */
  | {
      /** Destroys the socket. */
      type: "reset";
    }
  /** Waits `ms` real milliseconds, then answers normally. */
  | {
      /** Delays the answer. */
      type: "delay";
      /** How long, in real milliseconds. */
      ms: number;
    }
  /** The normal answer with the full `Content-Length`, but only the first half of the body, then the socket is destroyed. */
  | {
      /** Cuts the body in half. */
      type: "truncate";
    }
  /** An HTML page (`text/html`) instead of JSON. `status` default 200. */
  | {
      /** Answers with an HTML page. */
      type: "non-json";
      /** The page's status. Default: 200. */
      status?: number | undefined;
    }
  /** An arbitrary answer: `body` is sent as is when a string, else as JSON (`application/json` unless `headers` says otherwise). */
  | {
      /** Answers with an arbitrary body. */
      type: "body";
      /** The answer's status. */
      status: number;
      /** The body: a string as is, anything else as JSON. */
      body: unknown;
      /** Extra answer headers. Default: none. */
      headers?: Record<string, string> | undefined;
    }
  /** Sends status 200 and headers, then nothing more until the client gives up or the fake closes. */
  | {
      /** Sends the headers, then nothing. */
      type: "stall";
    };

/** When a fault applies: which route, how many times, how likely. */
export interface FaultRule<Route extends string = string> {
  /**
   * The operation the rule applies to (one of the fake's routes, checked when the rule is added).
   * Default `"*"`: every request, including unknown paths.
   */
  route?: Route | "*" | undefined;
  /** What to do to the matching requests. */
  fault: Fault;
  /** How many requests it hits. Default: unlimited. */
  times?: number | undefined;
  /** Chance (0..1) that a matching request is hit, drawn from the fake's seeded PRNG. Default 1. */
  probability?: number | undefined;
}

/** One request as the fake saw it. */
export interface RecordedRequest<Route extends string = string> {
  /** The HTTP method. */
  method: string;
  /** Path without the query (percent-encoding kept as sent). */
  path: string;
  /** The query parameters. */
  query: URLSearchParams;
  /** Request headers, names lower-cased (repeated headers joined with ", "). Credentials are kept: the fakes hold only fake keys. */
  headers: Record<string, string>;
  /** Status answered; 0 when the connection was reset (or the request is still in flight). */
  status: number;
  /** Fake-clock time of arrival, epoch ms. */
  at: number;
  /** `performance.now()` at arrival: real time, for measuring waits between retries. */
  realAt: number;
  /** The fault that hit this request, if any. */
  fault?: Fault["type"] | undefined;
  /** The operation matched, if any. */
  route?: Route | undefined;
  /** The request body as text (empty for GET). */
  body: string;
  /**
   * The request id the fake answered with: `X-Request-Id` (and a Problem's `requestId`) on the
   * feed, `X-Oneapi-Request-Id` (and the id in error messages) on the gateway — the id a client
   * error reports. Undefined while no answer has been made (in flight) or for a reset connection.
   */
  requestId?: string | undefined;
}

/** The fault controls every fake exposes. */
export interface FaultControls<Route extends string = string> {
  /** Adds a fault rule; rules are checked in the order added. */
  add(rule: FaultRule<Route>): void;
  /** Removes every rule. */
  clear(): void;
  /** How many requests a fault has hit so far (including ones cleared since). */
  readonly injected: number;
}
