import { fromRoot, prismGlobalSetup } from "@feedgate/test-harness";

// One Prism mock of the feed document for the whole run, in-process on a free loopback port.
export default prismGlobalSetup(fromRoot("specs/feed/dist/openapi-v1.json"));
