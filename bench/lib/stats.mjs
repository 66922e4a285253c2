// Small statistics helpers: the benchmarks report medians with their spread (min and max),
// because single timings on a shared 2-core machine drift from run to run.

/** The median of a non-empty list of numbers. */
export function median(values) {
  if (values.length === 0) throw new Error("median of an empty list");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function min(values) {
  return values.reduce((a, b) => Math.min(b, a), Infinity);
}

export function max(values) {
  return values.reduce((a, b) => Math.max(b, a), -Infinity);
}

/** `{ median, min, max }` of a list. */
export function summary(values) {
  return { median: median(values), min: min(values), max: max(values), n: values.length };
}

/** A ratio rounded to two decimals, written as a plain number (`1.03`). */
export function ratioText(value) {
  return Number.isFinite(value) ? value.toFixed(2) : "n/a";
}

/** A number with thousands separators and a fixed number of decimals. */
export function num(value, decimals = 0) {
  return value.toLocaleString("en-US", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** Bytes as MB (10^6) with one decimal. */
export function mb(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** `median (min–max)` of a summary, through a formatter. */
export function spread(s, format) {
  return `${format(s.median)} (${format(s.min)}–${format(s.max)})`;
}

/** A ratio as written in the table (two decimals); goals are judged on this figure. */
export function shownRatio(value) {
  return Math.round(value * 100) / 100;
}
