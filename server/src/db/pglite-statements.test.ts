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
});
