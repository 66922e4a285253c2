// Loads the parts of @feedgate/kit a benchmark needs, and names exactly what is missing when
// they are not there (yet), so the run reports it instead of crashing half-way.
export async function loadKit(names) {
  let kit;
  try {
    kit = await import("@feedgate/kit");
  } catch (err) {
    throw new Error(`@feedgate/kit cannot be loaded (${String(err.message).split("\n")[0]}): build it first`);
  }
  const missing = names.filter((name) => typeof kit[name] !== "function");
  if (missing.length > 0) throw new Error(`@feedgate/kit does not export ${missing.join(", ")}`);
  return kit;
}
