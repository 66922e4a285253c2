import { projectConfig } from "../../vitest.shared.ts";


export default projectConfig({ test: { name: "gateway-client", globalSetup: ["test/setup/prism.ts"] } });
