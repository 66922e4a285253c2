// Runs smoke scripts in whatever runtime executes this file (Node, Bun, Deno):
//   <runtime> run-smoke.mjs <baseUrl> <smoke.mjs>...
// Prints one "ok"/"not ok" line per script (TAP-like) and exits 1 if any failed.
const [baseUrl, ...files] = process.argv.slice(2);
const expected = await (await fetch(`${baseUrl}/smoke/expected.json`)).json();
let failed = 0;
for (const file of files) {
  try {
    const { default: smoke } = await import(new URL(file, `file://${process.cwd()}/`).href);
    await smoke(baseUrl, expected);
    console.log(`ok - ${file}`);
  } catch (error) {
    failed += 1;
    console.log(
      `not ok - ${file}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
}
process.exitCode = failed === 0 ? 0 : 1;
