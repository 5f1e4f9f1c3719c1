import { AdminCompanyList } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { companies } from "../../db/schema.js";

// The Companies page's search by words, page by page: companies by name, each once.

let ctx: TestContext;
let admin: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true, name: "Ada Admin" });
});
afterAll(() => ctx.close());

const call = (account: TestAccount, method: "GET", url: string) =>
  ctx.app.inject({ method, url, headers: { cookie: account.cookie } });

let unique = 0;
const tag = () => `${Date.now().toString(36)}${++unique}`;

async function search(q: string) {
  const response = await call(admin, "GET", `/api/admin/companies?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return AdminCompanyList.parse(response.json());
}

describe("the Companies page's search by words", () => {
  it("lists companies by name, a page at a time, each once", async () => {
    const prefix = `Pager${tag()}`;
    const letters = [..."abcdefghijklmnopqrstuvw"];
    // Inserted in another order than their names'.
    await ctx.db
      .insert(companies)
      .values(
        [...letters]
          .reverse()
          .map((letter) => ({ name: `${prefix} ${letter}`, billingEmail: `${letter}@pager.example` })),
      );
    const first = await search(prefix);
    expect(first.companies).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = AdminCompanyList.parse(
      (await call(admin, "GET", `/api/admin/companies?q=${prefix}&cursor=${first.nextCursor}`)).json(),
    );
    expect(second.nextCursor).toBeNull();
    const names = [...first.companies, ...second.companies].map((row) => row.name);
    expect(names).toEqual(letters.map((letter) => `${prefix} ${letter}`));
    const bad = await call(admin, "GET", "/api/admin/companies?cursor=bm90LWEtY3Vyc29y");
    expect(bad.statusCode).toBe(400);
  });

  it("finds the companies of every whole word a typed word starts, by name, each once, however many words", async () => {
    /** Every page of a search, followed by its cursors: the names in the order shown. */
    async function everyPage(q: string) {
      const names: string[] = [];
      let cursor: string | null = "";
      while (cursor !== null) {
        const after: string = cursor ? `&cursor=${cursor}` : "";
        const response = await call(admin, "GET", `/api/admin/companies?q=${q}${after}`);
        const list = AdminCompanyList.parse(response.json());
        names.push(...list.companies.map((row) => row.name));
        cursor = list.nextCursor;
      }
      return names;
    }
    // Three whole words that one typed word starts, their companies' names interleaved; one
    // company has two of them.
    const few = `Hue${tag()}`.toLowerCase();
    const colours = ["red", "green", "blue"];
    const fewNames = [..."abcdefghijklmnopqrstuvwx"].map(
      (letter, index) => `${letter.toUpperCase()} ${few}${colours[index % 3]}`,
    );
    fewNames.push(`Z ${few}red ${few}blue`);
    // Seventy whole words, one company each: more than the words read one by one.
    const many = `Many${tag()}`.toLowerCase();
    const manyNames = Array.from({ length: 70 }, (_, index) => `${many}${String(index).padStart(2, "0")} Co`);
    await ctx.db
      .insert(companies)
      .values(
        [...fewNames, ...manyNames]
          .reverse()
          .map((name, index) => ({ name, billingEmail: `c${index}@words.example` })),
      );
    expect(await everyPage(few)).toEqual(fewNames);
    expect(await everyPage(`${few}gr`)).toEqual(fewNames.filter((name) => name.includes("green")));
    expect(await everyPage(many)).toEqual(manyNames);
  });
});
