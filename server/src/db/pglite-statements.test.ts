import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepingStatements } from "./pglite-statements.js";

describe("the embedded database's kept statements", () => {
  let raw: PGlite;
  let client: PGlite;
  beforeAll(async () => {
    raw = await PGlite.create();
    client = keepingStatements(raw, 2);
    await raw.exec(
      "create table notes (id int primary key, body text, at timestamptz, tally bigint); " +
        "insert into notes values (1, 'one', '2026-01-02T03:04:05Z', 7), (2, 'two', null, 8)",
    );
  });
  afterAll(() => raw.close());

  it("reads a result with the query's own parsers over the defaults, as PGlite does", async () => {
    const text = "select id, body, at, tally from notes order by id";
    const plain = await raw.query(text, [], { parsers: { [types.TIMESTAMPTZ]: (value) => value } });
    const kept = await client.query(text, [], { parsers: { [types.TIMESTAMPTZ]: (value) => value } });
    expect(kept.rows).toEqual(plain.rows);
    expect(kept.rows[0]).toEqual({ id: 1, body: "one", at: expect.stringMatching(/^2026-01-02/), tally: 7 });
    // The same statement again, kept, with other parsers: each call's own.
    const again = await client.query<{ id: string }>(text, [], {
      rowMode: "array",
      parsers: { [types.INT4]: (value) => `#${value}` },
    });
    expect(again.rows.map((row) => (row as unknown as unknown[])[0])).toEqual(["#1", "#2"]);
    const defaults = await client.query<{ at: Date }>(text);
    expect(defaults.rows[0]?.at).toBeInstanceOf(Date);
  });

  it("binds parameters and keeps at most its bound of statements, planning evicted ones again", async () => {
    for (const id of [1, 2, 1]) {
      for (const column of ["body", "tally", "id"]) {
        const { rows } = await client.query<Record<string, unknown>>(
          `select ${column} from notes where id = $1`,
          [id],
        );
        expect(rows).toHaveLength(1);
      }
    }
    const { rows } = await raw.query<{ count: number }>(
      "select count(*)::int as count from pg_prepared_statements",
    );
    expect(rows[0]?.count).toBeLessThanOrEqual(2);
  });

  it("keeps a UNION whose first SELECT is in parentheses, as the query builder writes it", async () => {
    const text = "(select id from notes where id = $1) union all (select id from notes where id = $2)";
    const { rows } = await client.query<{ id: number }>(text, [1, 2]);
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
    const kept = await raw.query<{ statement: string }>("select statement from pg_prepared_statements");
    expect(kept.rows.map((row) => row.statement)).toContain(text);
  });
});
