import { brotliDecompressSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { connectPostgres } from "../../db/client.js";
import { pricingPlans, services } from "../../db/schema.js";
import { cachedRead, catalogChanged } from "./cache.js";

let ctx: TestContext;
let admin: TestAccount;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
});
afterAll(() => ctx.close());

async function get<T>(context: TestContext, url: string): Promise<T> {
  const response = await context.app.inject({ method: "GET", url });
  expect(response.statusCode).toBe(200);
  return response.json() as T;
}

const post = {
  title: "What a cached list must not hide",
  topic: "Engineering",
  blogLink: "https://example.com/cache",
  img: "https://example.com/cache.png",
};

describe("the catalog cache", () => {
  it("answers catalog reads from memory until a write to that part", async () => {
    const before = await get<unknown[]>(ctx, "/api/services");
    // Written behind the app's back: the cached list stays as it was...
    await ctx.db
      .insert(services)
      .values({ title: "Podcasts", description: "Shows.", image: "/p.svg", position: 99 });
    expect(await get<unknown[]>(ctx, "/api/services")).toHaveLength(before.length);
    // ...until the change is announced, as every write of the app does.
    await catalogChanged(ctx.db, "services");
    expect(await get<unknown[]>(ctx, "/api/services")).toHaveLength(before.length + 1);
  });

  it.each([
    ["/api/services", "services"],
    ["/api/pricing", "plans"],
  ] as const)(
    "sends %s with a validator: 304 to a browser that has it, until the list changes",
    async (url, part) => {
      const first = await ctx.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(first.statusCode).toBe(200);
      expect(first.headers).toMatchObject({ "content-encoding": "br", "cache-control": "no-cache" });
      expect(first.headers.vary).toContain("accept-encoding");
      const list = JSON.parse(brotliDecompressSync(first.rawPayload).toString()) as unknown[];
      expect(list.length).toBeGreaterThan(0);
      const plain = await ctx.app.inject({ method: "GET", url });
      expect(plain.json()).toEqual(list);
      expect(plain.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(plain.headers.etag).not.toBe(first.headers.etag);

      const again = { "accept-encoding": "br", "if-none-match": String(first.headers.etag) };
      const unchanged = await ctx.app.inject({ method: "GET", url, headers: again });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.rawPayload).toHaveLength(0);

      await catalogChanged(ctx.db, part);
      // Announced but the same list: the same bytes, the same validator.
      expect((await ctx.app.inject({ method: "GET", url, headers: again })).statusCode).toBe(304);
      if (part === "services") {
        await ctx.db
          .insert(services)
          .values({ title: "Newsletters", description: "Letters.", image: "/n.svg", position: 98 });
      } else {
        await ctx.db.update(pricingPlans).set({ highlighted: sql`not ${pricingPlans.highlighted}` });
      }
      await catalogChanged(ctx.db, part);
      const changed = await ctx.app.inject({ method: "GET", url, headers: again });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(first.headers.etag);
    },
  );

  it("shows a blog post written through the admin API on the very next read, edited and deleted too", async () => {
    const headers = { cookie: admin.cookie };
    await get(ctx, "/api/blogs");
    const created = await ctx.app.inject({ method: "POST", url: "/api/blogs", headers, payload: post });
    const { insertedId } = created.json() as { insertedId: string };
    expect((await get<{ title: string }[]>(ctx, "/blogs.json"))[0]?.title).toBe(post.title);

    await ctx.app.inject({
      method: "PUT",
      url: `/api/blogs/${insertedId}`,
      headers,
      payload: { ...post, title: "Edited" },
    });
    expect((await get<{ title: string }[]>(ctx, "/api/blogs"))[0]?.title).toBe("Edited");

    await ctx.app.inject({ method: "DELETE", url: `/api/blogs/${insertedId}`, headers });
    expect((await get<{ _id: string }[]>(ctx, "/api/blogs")).map((blog) => blog._id)).not.toContain(
      insertedId,
    );
  });

  it("drops a review deleted by an admin from the list and the count at once", async () => {
    const [first] = await get<{ _id: string }[]>(ctx, "/api/reviews");
    const { count } = await get<{ count: number }>(ctx, "/api/review-count");
    const deleted = await ctx.app.inject({
      method: "DELETE",
      url: `/api/review-delete/${first?._id}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get<{ _id: string }[]>(ctx, "/api/reviews")).map((review) => review._id)).not.toContain(
      first?._id,
    );
    expect(await get<{ count: number }>(ctx, "/api/review-count")).toEqual({ count: count - 1 });
  });

  it("does not keep a read that started before a write and finished after it", async () => {
    let finish: (value: string) => void = () => {};
    const slow = cachedRead(
      ctx.db,
      "blogs",
      "race",
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    await catalogChanged(ctx.db, "blogs");
    finish("before the write");
    expect(await slow).toBe("before the write");
    expect(await cachedRead(ctx.db, "blogs", "race", async () => "after the write")).toBe("after the write");
    expect(await cachedRead(ctx.db, "blogs", "race", async () => "not read again")).toBe("after the write");
  });

  it("does not keep a failed read", async () => {
    await expect(
      cachedRead(ctx.db, "plans", "failing", () => Promise.reject(new Error("down"))),
    ).rejects.toThrow();
    expect(await cachedRead(ctx.db, "plans", "failing", async () => "up")).toBe("up");
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("several instances on one PostgreSQL database", () => {
  let second: TestContext;
  beforeAll(async () => {
    if (!ctx.databaseUrl) throw new Error("the PostgreSQL test database has no address");
    second = await createTestApp({ seed: false, database: connectPostgres(ctx.databaseUrl) });
  });
  afterAll(() => second.close());

  it("hear each other's writes through LISTEN/NOTIFY", async () => {
    const titles = async () =>
      (await get<{ title: string }[]>(second, "/api/blogs")).map((blog) => blog.title);
    expect(await titles()).not.toContain(post.title);
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/blogs",
      headers: { cookie: admin.cookie },
      payload: post,
    });
    expect(created.statusCode).toBe(201);
    await expect.poll(titles, { timeout: 2000, interval: 20 }).toContain(post.title);
  });
});
