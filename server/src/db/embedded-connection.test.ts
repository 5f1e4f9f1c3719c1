import { rm } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedDataDir } from "../../test/pglite-pool.js";
import { openPglite } from "./client.js";
import { embeddedPool, KeptStatements } from "./embedded-connection.js";
import { inThreadLink } from "./embedded-link.js";

const keptOnBackend = async (raw: PGlite) =>
  (await raw.query<{ statement: string }>("select statement from pg_prepared_statements")).rows.map(
    (row) => row.statement,
  );

describe("node-postgres over the embedded database", () => {
  let raw: PGlite;
  let pool: pg.Pool;
  beforeAll(async () => {
    raw = await PGlite.create();
    pool = embeddedPool(inThreadLink(raw, new KeptStatements(2)));
    await raw.exec(
      "create table notes (id int primary key, body text, at timestamptz, tally bigint); " +
        "insert into notes values (1, 'one', '2026-01-02T03:04:05Z', 7), (2, 'two', null, 8)",
    );
  });
  afterAll(async () => {
    await pool.end();
    await raw.close();
  });

  it("parses and plans a statement once, and keeps at most its bound of them", async () => {
    const text = "select body from notes where id = $1";
    for (const id of [1, 2, 1]) {
      expect((await pool.query(text, [id])).rows).toEqual([{ body: id === 1 ? "one" : "two" }]);
    }
    expect(await keptOnBackend(raw)).toEqual([text]);
    // A query without values is kept as well: node-postgres sends it as a simple query.
    expect((await pool.query("select count(*)::int as n from notes")).rows).toEqual([{ n: 2 }]);
    for (const column of ["tally", "id"]) await pool.query(`select ${column} from notes where id = $1`, [1]);
    const kept = await keptOnBackend(raw);
    expect(kept).toHaveLength(2);
    expect(kept).not.toContain(text);
    // The closed one is planned again when it comes back.
    expect((await pool.query(text, [2])).rows).toEqual([{ body: "two" }]);
    expect(await keptOnBackend(raw)).toContain(text);
  });

  it("keeps a UNION whose first SELECT is in parentheses, and not the transaction's own words", async () => {
    const text = "(select id from notes where id = $1) union all (select id from notes where id = $2)";
    expect((await pool.query(text, [1, 2])).rows).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await keptOnBackend(raw)).toContain(text);
    const client = await pool.connect();
    try {
      await client.query("begin");
      await client.query("set local work_mem = '4MB'");
      await client.query("commit");
    } finally {
      client.release();
    }
    for (const statement of await keptOnBackend(raw)) expect(statement).not.toMatch(/^(begin|set|commit)/);
  });

  it("answers every kind of value, write and error as node-postgres does from a PostgreSQL server", async () => {
    await raw.exec(
      "create table kinds (id int primary key, word text unique, price numeric(10,2), ok boolean, " +
        "doc jsonb, tags text[], day date, big bigint, at timestamptz)",
    );
    const values = [
      1,
      "café ☕ 日本",
      "12.50",
      true,
      { a: [1, "b"] },
      ["x", "y z"],
      "2026-11-30",
      "9007199254740993",
      new Date("2026-01-02T03:04:05.678Z"),
    ];
    const inserted = await pool.query(
      "insert into kinds values ($1, $2, $3, $4, $5, $6, $7, $8, $9), ($10, null, null, false, null, null, null, null, null)",
      [...values, 2],
    );
    expect(inserted).toMatchObject({ rowCount: 2, command: "INSERT", rows: [] });

    const { rows, fields } = await pool.query("select * from kinds where id >= $1 order by id", [1]);
    expect(fields.map((field) => field.name)).toEqual([
      "id",
      "word",
      "price",
      "ok",
      "doc",
      "tags",
      "day",
      "big",
      "at",
    ]);
    expect(rows[0]).toEqual({
      id: 1,
      word: "café ☕ 日本",
      price: "12.50",
      ok: true,
      doc: { a: [1, "b"] },
      tags: ["x", "y z"],
      day: expect.any(Date),
      big: "9007199254740993",
      at: new Date("2026-01-02T03:04:05.678Z"),
    });
    expect(rows[1]).toMatchObject({ id: 2, word: null, ok: false, tags: null });
    const asArrays = await pool.query({
      text: "select id, word from kinds where id = $1",
      values: [2],
      rowMode: "array",
    });
    expect(asArrays.rows).toEqual([[2, null]]);
    const updated = await pool.query("update kinds set ok = $1 where id <= $2", [true, 2]);
    expect(updated).toMatchObject({ rowCount: 2, command: "UPDATE" });

    const failure = await pool
      .query("insert into kinds (id, word) values ($1, $2)", [3, values[1]])
      .catch((error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({
      code: "23505",
      constraint: "kinds_word_key",
      table: "kinds",
      severity: "ERROR",
    });
    expect(failure.detail).toContain("already exists");
    // The database goes on after an error, in and out of a transaction.
    expect((await pool.query("select count(*)::int as n from kinds")).rows).toEqual([{ n: 2 }]);
    const client = await pool.connect();
    try {
      await client.query("begin");
      await client.query("delete from kinds where id = $1", [2]);
      await expect(client.query("select 1/$1::int as n", [0])).rejects.toMatchObject({ code: "22012" });
      await client.query("rollback");
    } finally {
      client.release();
    }
    expect((await pool.query("select count(*)::int as n from kinds")).rows).toEqual([{ n: 2 }]);
  });

  it("keeps no statement whose parse failed, and plans one again after its table changed shape", async () => {
    const wrong = "select nothing_here from notes where id = $1";
    for (let i = 0; i < 2; i++) await expect(pool.query(wrong, [1])).rejects.toMatchObject({ code: "42703" });
    expect(await keptOnBackend(raw)).not.toContain(wrong);

    await pool.query("create table shapes (id int)");
    await pool.query("insert into shapes values (1)");
    const text = "select * from shapes where id = $1";
    expect((await pool.query(text, [1])).rows).toEqual([{ id: 1 }]);
    await pool.query("alter table shapes add column name text default 'a'");
    // PostgreSQL refuses the kept plan once (its result changed), and the next run plans it anew.
    const first = await pool.query(text, [1]).catch((error) => error);
    const rows = first instanceof Error ? (await pool.query(text, [1])).rows : first.rows;
    if (first instanceof Error) expect(first).toMatchObject({ code: "0A000" });
    expect(rows).toEqual([{ id: 1, name: "a" }]);
  });

  it("rolls back what a client left open when it was dropped in a transaction", async () => {
    const client = await pool.connect();
    await client.query("begin");
    await client.query("insert into notes values ($1, $2, null, 0)", [9, "left open"]);
    client.release(new Error("the request failed mid-way"));
    expect((await pool.query("select count(*)::int as n from notes where id = $1", [9])).rows).toEqual([
      { n: 0 },
    ]);
  });
});

describe("the embedded database in a thread of its own", () => {
  it("answers callers at once in order, runs transactions whole, dumps, and ends its thread on close", {
    timeout: 60_000,
  }, async () => {
    const dir = await migratedDataDir("agency-worker-");
    try {
      const handle = await openPglite(dir);
      const embedded = handle.embedded;
      if (!embedded) throw new Error("no embedded database");
      await embedded.query("create table tallies (id int primary key, n int not null)");
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => embedded.query<{ i: number }>("select $1::int * 2 as i", [i])),
      );
      expect(answers.map((answer) => answer.rows[0]?.i)).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));

      // A transaction holds the database: the reads queued meanwhile see it whole, or not at all.
      const transaction = handle.db.transaction(async (tx) => {
        for (let id = 1; id <= 5; id++) await tx.execute(`insert into tallies values (${id}, ${id})`);
      });
      const counts = await Promise.all(
        Array.from({ length: 5 }, () =>
          embedded.query<{ n: number }>("select count(*)::int as n from tallies"),
        ),
      );
      await transaction;
      for (const count of counts) expect([0, 5]).toContain(count.rows[0]?.n);
      await expect(
        handle.db.transaction(async (tx) => {
          await tx.execute("insert into tallies values (6, 6)");
          await tx.execute("insert into tallies values (1, 1)");
        }),
      ).rejects.toMatchObject({ cause: { code: "23505" } });
      expect((await embedded.query("select sum(n)::int as n from tallies")).rows).toEqual([{ n: 15 }]);

      const dump = await embedded.dump();
      expect([...dump.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
      await handle.close();
      await expect(embedded.query("select 1")).rejects.toThrow();

      // What it wrote is on disk for the next opening.
      const again = await openPglite(dir);
      expect((await again.embedded?.query("select count(*)::int as n from tallies"))?.rows).toEqual([
        { n: 5 },
      ]);
      await again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
