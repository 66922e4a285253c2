import { createFakeClock, type FakeClock } from "../core/clock.js";
import { FaultInjector } from "../core/faults.js";
import { createPrng } from "../core/prng.js";
import type { Reply } from "../core/reply.js";
import { startFakeServer, type RequestContext } from "../core/server.js";
import { GATEWAY_ROUTES, type FaultControls, type GatewayRoute, type RecordedRequest } from "../core/types.js";
import { ANTHROPIC_VERSION, hasCredential } from "./auth.js";
import { anthropicError, gatewayError, noRoute, statusFaultReply, unauthorized } from "./envelopes.js";
import { GatewayIds } from "./ids.js";
import { ImagesFake, mockFileReply, type TaskScript } from "./images.js";
import { countMessageTokens, GeminiFake } from "./native.js";
import { ResponsesFake } from "./responses.js";
import { familyOf, matchGatewayRoute } from "./routes.js";
import type { StreamScript } from "./sse.js";

export type { StreamScript, TaskScript };

/**
 * The operations the gateway's source does not register (upstream new-api #1216, only
 * `POST /v1/messages` on the Claude side): pass them as `unrouted` to fake a stock deployment.
 */
export const UNROUTED_IN_SOURCE: readonly GatewayRoute[] = ["retrieveResponse", "deleteResponse", "cancelResponse", "countResponseInputTokens", "countMessageTokens"];

/** The default key of the gateway fake. */
export const DEFAULT_FAKE_API_KEY = "sk-fake-0123456789";

/** Options of `startGatewayFake`; every one has a default. */
export interface GatewayFakeOptions {
  /** Port on 127.0.0.1. Default: 0, a free port (read the actual one from `url`). */
  port?: number;
  /** Service time (ids, `created_at`). Default: a new {@link createFakeClock}. */
  clock?: FakeClock;
  /** Seed of the PRNG behind fault probabilities and ids. Default 1. */
  seed?: number;
  /** The one key the fake accepts (a leading `sk-` is optional, as on the gateway). Default `"sk-fake-0123456789"`. */
  apiKey?: string;
  /**
   * Operations answered as the gateway answers a route it does not register: the NoRoute 404
   * `{"error":{"message":"Invalid URL (<METHOD> <path>)","type":"invalid_request_error","param":"","code":""}}`.
   * {@link UNROUTED_IN_SOURCE} lists the ones the gateway's source lacks. Default: none (every operation routed).
   */
  unrouted?: readonly GatewayRoute[];
  /**
   * A node with FRONTEND_BASE_URL set: every unrouted path (including `unrouted` operations)
   * answers 301 to this origin instead of the 404 (router/main.go:29-31). Default: none.
   */
  consoleOrigin?: string;
  /**
   * Behave like stock new-api: ignore `?async=true` and answer image generation with the image
   * result (the fork's task routes still work for tasks a script creates). Default false.
   */
  ignoreAsync?: boolean;
}

/** A running fake of the model gateway, with scripted streams and image tasks, faults and a clock. */
export interface GatewayFake {
  /** `http://127.0.0.1:PORT`: give it to `createGatewayClient({ baseUrl: fake.url, apiKey: fake.apiKey })`. */
  readonly url: string;
  /** The one key the fake accepts. */
  readonly apiKey: string;
  /** The fake's clock (ids, `created_at`). */
  readonly clock: FakeClock;
  /** Every request, in arrival order (headers kept as sent, the fake key included). */
  readonly requests: RecordedRequest[];
  /** Fault injection on the fake's routes. */
  faults: FaultControls;
  /** Image tasks: script how the next ones run. */
  images: {
    /** The next async submission(s) — and sync calls when `syncAnswersTask` — create a task that runs for `polls` GETs, then ends. */
    scriptTask(script: TaskScript): void;
    /** Ids of the tasks created so far. */
    taskIds(): string[];
  };
  /** Responses: script the next stream. */
  responses: {
    /** The next streaming create replays this script (events or a transcript; stall or error after N events). */
    scriptStream(script: StreamScript): void;
  };
  /** Gemini routes: script the next stream. */
  gemini: {
    /** The next streamGenerateContent replays this script (`events` are the data payloads). */
    scriptStream(script: StreamScript): void;
  };
  /** Stops the server and closes its connections. */
  close(): Promise<void>;
}

type Ctx = RequestContext<GatewayRoute>;

/** Starts the gateway fake on 127.0.0.1 (free port). Close it with `close()`. */
export async function startGatewayFake(options: GatewayFakeOptions = {}): Promise<GatewayFake> {
  const clock = options.clock ?? createFakeClock();
  const seed = options.seed ?? 1;
  const apiKey = options.apiKey ?? DEFAULT_FAKE_API_KEY;
  const faults = new FaultInjector(createPrng(seed), GATEWAY_ROUTES);
  const ids = new GatewayIds(createPrng(seed ^ 0x9a7e), clock);
  const responses = new ResponsesFake(ids, clock);
  const images = new ImagesFake(ids, clock);
  const gemini = new GeminiFake(ids);
  const unrouted = new Set(options.unrouted ?? []);
  /** The request's id, drawn when its answer is made; kept on its record. */
  const requestId = (ctx: Ctx) => (ctx.record.requestId ??= ids.requestId());

  const handle = (ctx: Ctx): Reply => {
    const matched = matchGatewayRoute(ctx.method, ctx.path);
    if (!matched) {
      const file = mockFileReply(ctx.method, ctx.path);
      if (file) return file;
    }
    const family = familyOf(matched?.route, ctx.path);
    // NoRoute runs before any middleware of a route group: no credential check for unrouted paths.
    if (!matched || unrouted.has(matched.route)) {
      if (options.consoleOrigin !== undefined) return { status: 301, headers: { location: new URL(ctx.path, options.consoleOrigin).href }, body: "" };
      return noRoute(ctx.method, ctx.path);
    }
    if (!hasCredential(family, ctx.headers, apiKey)) return unauthorized(requestId(ctx));
    const param = matched.param ?? "";
    switch (matched.route) {
      case "createResponse":
        return responses.create(ctx.body, requestId(ctx));
      case "retrieveResponse":
        return responses.retrieve(param, ctx.url.searchParams);
      case "deleteResponse":
        return responses.delete(param);
      case "cancelResponse":
        return responses.cancel(param);
      case "countResponseInputTokens":
        return responses.inputTokens(ctx.body);
      case "compactResponse":
        return responses.compact(ctx.body, requestId(ctx));
      case "createImage":
        return images.create(ctx.body, ctx.url.searchParams, requestId(ctx), options.ignoreAsync === true);
      case "getImageTask":
        return images.get(param);
      case "countMessageTokens":
        if (ctx.headers["anthropic-version"] !== ANTHROPIC_VERSION) {
          return anthropicError(400, "invalid_request_error", `anthropic-version: header must be "${ANTHROPIC_VERSION}"`);
        }
        return countMessageTokens(ctx.body);
      case "generateContent":
        return gemini.generate(param, ctx.body, requestId(ctx));
      case "streamGenerateContent":
        return gemini.stream(param, ctx.body, requestId(ctx));
    }
  };

  const server = await startFakeServer<GatewayRoute>({
    clock,
    faults,
    ...(options.port === undefined ? {} : { port: options.port }),
    route: (method, path) => matchGatewayRoute(method, path)?.route,
    handle,
    statusFault: (fault, ctx) => statusFaultReply(familyOf(ctx.route, ctx.path), fault, requestId(ctx)),
    internalError: (ctx) => gatewayError(500, "the gateway fake failed", "internal_error", requestId(ctx)),
    decorate(reply, ctx) {
      reply.headers["x-oneapi-request-id"] = requestId(ctx);
    },
  });

  images.origin = server.url.replace(/\/+$/, "");
  return {
    url: server.url,
    apiKey,
    clock,
    requests: server.requests,
    faults,
    images: { scriptTask: (script) => images.scriptTask(script), taskIds: () => [...images.tasks.keys()] },
    responses: { scriptStream: (script) => responses.scriptStream(script) },
    gemini: { scriptStream: (script) => gemini.scriptStream(script) },
    close: () => server.close(),
  };
}
