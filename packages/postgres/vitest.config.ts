import { projectConfig } from "../../vitest.shared.js";

// One real PostgreSQL server for the whole run, started and stopped here (test/setup/postgres.ts).
export default projectConfig({
  test: {
    name: "postgres",
    globalSetup: ["test/setup/postgres.ts"],
    hookTimeout: 60_000,
  },
});
