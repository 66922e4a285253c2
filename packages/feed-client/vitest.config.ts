import { projectConfig } from "../../vitest.shared.js";

export default projectConfig({
  test: { name: "feed-client", globalSetup: ["test/setup/prism.ts"] },
});
