import { testServers } from "@feedgate/test-harness";
import { beforeEach } from "vitest";
import {
  type FeedFake,
  type GatewayFake,
  startFeedFake,
  startGatewayFake,
} from "../../src/index.js";
import { ROUTE_ALL } from "./gateway.js";

/** The harness's server builder with this package's fakes: stopped after the test, or the file. */
export const mockServers = () => testServers({ startFeedFake, startGatewayFake });

/** A seeded feed fake of its own for each test (`fx.fake`), started on the file's `servers`. */
export function eachFeedFake(servers: ReturnType<typeof mockServers>): { readonly fake: FeedFake } {
  const fx = {} as { fake: FeedFake };
  beforeEach(async () => {
    fx.fake = await servers.feed();
  });
  return fx;
}

/** A gateway fake that routes every operation (`gw.fake`): one per test, or one per file (`beforeAll`). */
export function routedGateway(
  servers: ReturnType<typeof mockServers>,
  before: typeof beforeEach = beforeEach,
): { readonly fake: GatewayFake } {
  const gw = {} as { fake: GatewayFake };
  before(async () => {
    gw.fake = await servers.gateway(ROUTE_ALL);
  });
  return gw;
}
