import { fromRoot, prismGlobalSetup } from "@feedgate/test-harness";

// One Prism mock of the bundled gateway document for the whole run (in-process, free port).
export default prismGlobalSetup(fromRoot("specs/gateway/dist/openapi.json"));
