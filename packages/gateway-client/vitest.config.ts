import { projectConfig } from "../../vitest.shared.js";

export default projectConfig({
  test: { name: "gateway-client", globalSetup: ["test/setup/prism.ts"] },
});
