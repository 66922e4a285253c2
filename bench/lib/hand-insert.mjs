// The reference of the PostgreSQL snapshot rows (postgres.mjs, postgres-scale.mjs): a hand-written
// batched INSERT, 1000 rows a statement, of the benchmarks' items into a fresh table.
import { storeItem } from "./bench-items.mjs";

/**
 * Creates `name` and inserts items 0 … n-1 into it; returns the milliseconds of the inserts.
 * Plain: a primary key and jsonb, the two columns a hand loop would index. `shaped`: the
 * store's columns and its two secondary indexes (what the plain table's figure leaves out).
 */
export async function handBatchedInsert(sql, name, n, { shaped = false } = {}) {
  const table = sql(name);
  if (shaped) {
    await sql`create table ${table} (id text primary key, category text, published_at timestamptz, discovered_at timestamptz, item jsonb not null)`;
    await sql`create index on ${table} (category)`;
    await sql`create index on ${table} ((coalesce(published_at, discovered_at, '-infinity')) desc)`;
  } else {
    await sql`create table ${table} (id text primary key, category text, published_at timestamptz, item jsonb not null)`;
  }
  const t = performance.now();
  for (let i = 0; i < n; i += 1000) {
    const rows = [];
    for (let k = i; k < Math.min(n, i + 1000); k++) {
      const it = storeItem(k);
      const row = { id: it.id, category: it.category, published_at: it.publishedAt, item: it };
      rows.push(shaped ? { ...row, discovered_at: it.discoveredAt } : row);
    }
    await sql`insert into ${table} ${sql(rows)}`;
  }
  return performance.now() - t;
}
