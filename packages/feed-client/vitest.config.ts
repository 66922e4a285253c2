import { projectConfig } from "../../vitest.shared.ts";


export default projectConfig({ test: { name: "feed-client", globalSetup: ["test/setup/prism.ts"] } });
