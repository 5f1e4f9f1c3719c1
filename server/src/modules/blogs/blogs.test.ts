import { BlogList } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { blogs } from "../../db/schema.js";
import { catalogChanged } from "../catalog/index.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("blogs", () => {
  it("lists the blog posts newest first in the spec's shape", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/blogs" });
    expect(response.statusCode).toBe(200);
    const list = BlogList.parse(response.json());
    expect(list).toHaveLength(4);
    for (const blog of list)
      expect(Object.keys(blog).sort()).toEqual(["_id", "blogLink", "img", "title", "topic"]);
    expect(list[0]?.title).toBe("Five checks before you spend another dollar on ads");
  });

  it("serves blogs.json with the same list, and both follow a change to the table", async () => {
    await ctx.db.insert(blogs).values({
      title: "A fresh post",
      topic: "News",
      slug: "a-fresh-post",
      blogLink: "https://www.example.com/blog/fresh",
      img: "/images/blogs/local-seo.svg",
      createdAt: new Date(Date.now() + 60_000),
    });
    await catalogChanged(ctx.db, "blogs");
    const api = await ctx.app.inject({ method: "GET", url: "/api/blogs" });
    const file = await ctx.app.inject({ method: "GET", url: "/blogs.json" });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toMatch(/^application\/json/);
    expect(file.json()).toEqual(api.json());
    expect(BlogList.parse(file.json())[0]).toMatchObject({ title: "A fresh post", topic: "News" });
  });
});
