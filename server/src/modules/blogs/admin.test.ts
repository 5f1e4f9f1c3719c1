import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";

let ctx: TestContext;
let admin: TestAccount;
const post = {
  title: "Email that gets opened",
  topic: "Email",
  blogLink: "https://example.com/email",
  img: "https://example.com/e.png",
};

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
});
afterAll(() => ctx.close());

async function publicTitles() {
  const api = (await ctx.app.inject({ method: "GET", url: "/api/blogs" })).json() as { title: string }[];
  const file = (await ctx.app.inject({ method: "GET", url: "/blogs.json" })).json() as { title: string }[];
  expect(file).toEqual(api);
  return api.map((blog) => blog.title);
}

describe("the blog editor", () => {
  it("publishes, edits and deletes posts, and the public list follows at once", async () => {
    const headers = { cookie: admin.cookie };
    const created = await ctx.app.inject({ method: "POST", url: "/api/blogs", headers, payload: post });
    expect(created.statusCode).toBe(201);
    const { insertedId } = created.json();
    expect((await publicTitles())[0]).toBe(post.title);

    const edited = await ctx.app.inject({
      method: "PUT",
      url: `/api/blogs/${insertedId}`,
      headers,
      payload: { ...post, title: "Email people want to open" },
    });
    expect(edited.json()).toEqual({ modifiedCount: 1, slug: "email-people-want-to-open" });
    expect(await publicTitles()).toContain("Email people want to open");

    const deleted = await ctx.app.inject({ method: "DELETE", url: `/api/blogs/${insertedId}`, headers });
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect(await publicTitles()).not.toContain("Email people want to open");
    const again = await ctx.app.inject({ method: "DELETE", url: `/api/blogs/${insertedId}`, headers });
    expect(again.statusCode).toBe(404);
  });

  it.each([
    ["a missing title", { ...post, title: "" }, "title"],
    ["a link that is not a web address", { ...post, blogLink: "javascript:alert(1)" }, "blogLink"],
    [
      "an image that is neither a web address nor a path",
      { ...post, img: "data:image/png;base64,AAAA" },
      "img",
    ],
  ])("refuses %s and stores nothing", async (_, payload, field) => {
    const before = (await publicTitles()).length;
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/blogs",
      headers: { cookie: admin.cookie },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
    expect((await publicTitles()).length).toBe(before);
  });
});
