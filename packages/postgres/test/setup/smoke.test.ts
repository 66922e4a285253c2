import postgres from "postgres";
import { expect, inject, it } from "vitest";

it("the run's PostgreSQL answers", async () => {
  const sql = postgres(inject("postgresUrl"), { onnotice: () => {} });
  const [row] = await sql`select current_setting('server_version_num')::int as version`;
  expect(row!["version"]).toBeGreaterThanOrEqual(150000);
  await sql.end();
});
