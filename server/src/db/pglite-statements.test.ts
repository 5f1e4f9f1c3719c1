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

  it("answers every kind of value, write and error as PGlite's own reading does", async () => {
    await raw.exec(
      "create table kinds (id int primary key, word text unique, price numeric(10,2), ok boolean, " +
        "doc jsonb, tags text[], day date, big bigint)",
    );
    const insert =
      "insert into kinds values ($1, $2, $3, $4, $5, $6, $7, $8), ($9, $10, $11, $12, $13, $14, $15, $16)";
    const values = [
      1,
      "café ☕ 日本",
      "12.50",
      true,
      { a: [1, "b"] },
      ["x", "y z"],
      "2026-11-30",
      "9007199254740993",
    ];
    const others = [2, null, null, false, null, null, null, null];
    const inserted = await client.query(insert, [...values, ...others]);
    expect(inserted).toMatchObject({ affectedRows: 2, rowCount: 2, command: "INSERT", rows: [] });

    const text = "select * from kinds where id >= $1 order by id";
    for (const options of [undefined, { rowMode: "array" as const }]) {
      const plain = await raw.query(text, [1], options);
      const kept = await client.query(text, [1], options);
      expect(kept.rows).toEqual(plain.rows);
      expect(kept.fields).toEqual(plain.fields);
    }
    const none = await client.query("select id from kinds where id = $1", [99]);
    expect(none).toMatchObject({ rows: [], affectedRows: 0, fields: [{ name: "id" }] });
    const updated = await client.query("update kinds set ok = $1 where id <= $2", [true, 2]);
    expect(updated).toMatchObject({ affectedRows: 2, command: "UPDATE" });
    const deleted = await client.query("delete from kinds where id = $1 returning word", [2]);
    expect(deleted).toMatchObject({ affectedRows: 1, command: "DELETE", rows: [{ word: null }] });

    const failure = (query: PGlite["query"]) =>
      query("insert into kinds (id, word) values ($1, $2)", [3, values[1]]).catch((error) => error);
    const [plainError, keptError] = [await failure(raw.query.bind(raw)), await failure(client.query)];
    expect(keptError).toBeInstanceOf(Error);
    for (const field of ["message", "code", "detail", "constraint", "table", "severity", "schema"]) {
      expect(keptError[field], field).toEqual(plainError[field]);
    }
    expect(keptError.code).toBe("23505");
    // The database goes on after an error, in and out of a transaction.
    await expect(client.query("select count(*)::int as n from kinds")).resolves.toMatchObject({
      rows: [{ n: 1 }],
    });
    await expect(client.transaction((tx) => tx.query("select 1/$1::int as n", [0]))).rejects.toMatchObject({
      code: "22012",
    });
    await expect(client.query("select word from kinds where id = $1", [1])).resolves.toMatchObject({
      rows: [{ word: values[1] }],
    });
  });

  it("takes callers in the order they came: what the event loop already holds runs before a statement", async () => {
    const order: string[] = [];
    let second: Promise<unknown> | undefined;
    const first = client.query("select 1 as n").then(() => order.push("first statement"));
    // A request read after the first statement was asked for, as a socket's callback would be.
    setImmediate(() => {
      order.push("next request read");
      second = client.query("select 2 as n").then(() => order.push("second statement"));
    });
    await first;
    await second;
    expect(order).toEqual(["next request read", "first statement", "second statement"]);
  });
});
