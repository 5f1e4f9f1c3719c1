import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteStartParams } from "./client.js";
import { keepingStatements } from "./pglite-statements.js";
import { openPgliteThread } from "./pglite-thread.js";

describe("the embedded database on a thread of its own", () => {
  let dir: string;
  let thread: PGlite;
  let client: PGlite;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "agency-thread-"));
    thread = await openPgliteThread(path.join(dir, "pglite"), pgliteStartParams);
    client = keepingStatements(thread);
    await client.exec(
      "create table notes (id int primary key, body text not null, at timestamptz, tags text[], doc jsonb); " +
        `insert into notes values (1, 'one', '2026-01-02T03:04:05Z', '{a,b}', '{"n": 1}')`,
    );
  }, 60_000);
  afterAll(async () => {
    if (!thread.closed) await thread.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("answers statements with their parameters and PostgreSQL's types, arrays among them", async () => {
    const kept = await client.query<Record<string, unknown>>("select * from notes where id = $1", [1]);
    expect(kept.rows).toEqual([
      { id: 1, body: "one", at: new Date("2026-01-02T03:04:05Z"), tags: ["a", "b"], doc: { n: 1 } },
    ]);
    const plain = await thread.query<{ tags: string[] }>("select $1::text[] as tags", [["x", "y"]]);
    expect(plain.rows[0]?.tags).toEqual(["x", "y"]);
  });

  it("gives PostgreSQL's error with its code, and goes on answering", async () => {
    await expect(
      client.query("insert into notes (id, body) values ($1, $2)", [1, "again"]),
    ).rejects.toMatchObject({
      code: "23505",
    });
    await expect(thread.exec("select * from missing_table")).rejects.toMatchObject({ code: "42P01" });
    expect((await client.query("select count(*)::int as n from notes")).rows).toEqual([{ n: 1 }]);
  });

  it("keeps a transaction's writes only when it commits", async () => {
    await expect(
      client.transaction(async (tx: Transaction) => {
        await tx.query("insert into notes (id, body) values (2, 'two')");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await client.transaction(async (tx: Transaction) => {
      await tx.query("insert into notes (id, body) values (3, 'three')");
    });
    const { rows } = await client.query<{ id: number }>("select id from notes order by id");
    expect(rows.map((row) => row.id)).toEqual([1, 3]);
  });

  it("runs many callers' statements at once, each answered with its own rows", async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? client.query<{ n: number }>("select $1::int * 2 as n", [i])
          : thread.transaction((tx) => tx.query<{ n: number }>("select $1::int * 2 as n", [i])),
      ),
    );
    expect(answers.map((answer) => answer.rows[0]?.n)).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
  });

  it("dumps its data directory for a backup, which another database opens with the same rows", async () => {
    const dump = await thread.dumpDataDir("gzip");
    const copy = await PGlite.create({ loadDataDir: dump, startParams: pgliteStartParams });
    try {
      expect((await copy.query<{ id: number }>("select id from notes order by id")).rows).toEqual([
        { id: 1 },
        { id: 3 },
      ]);
    } finally {
      await copy.close();
    }
  }, 60_000);

  it("keeps what was written when it is closed and opened again, and refuses statements once closed", async () => {
    await thread.close();
    expect(thread.closed).toBe(true);
    await expect(thread.query("select 1")).rejects.toThrow("PGlite is closed");
    thread = await openPgliteThread(path.join(dir, "pglite"), pgliteStartParams);
    expect((await thread.query<{ n: number }>("select count(*)::int as n from notes")).rows).toEqual([
      { n: 2 },
    ]);
  }, 60_000);
});
