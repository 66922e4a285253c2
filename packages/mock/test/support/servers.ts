import { testServers } from "@feedgate/test-harness";
import { startFeedFake, startGatewayFake } from "../../src/index.js";

/** The harness's server builder with this package's fakes: stopped after the test, or the file. */
export const mockServers = () => testServers({ startFeedFake, startGatewayFake });
