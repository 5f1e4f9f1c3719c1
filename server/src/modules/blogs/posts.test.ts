import type { Blog, BlogPost } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";

let ctx: TestContext;
let admin: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
});
afterAll(() => ctx.close());

const post = {
  title: "Ads that Pay: a Checklist",
  topic: "Marketing",
  description: "Five checks before you raise a budget.",
  body: "## Start here\n\nCount **every** lead. See [our plans](/yearly-billed) or [the guide](https://example.com/guide).",
  img: "/images/blogs/ads-checklist.svg",
};

function publish(payload: object, account: TestAccount | undefined = admin) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/blogs",
    headers: account ? { cookie: account.cookie } : {},
    payload,
  });
}

async function hostedPost(slug: string) {
  return ctx.app.inject({ method: "GET", url: `/api/blogs/${slug}` });
}

async function publicList(): Promise<Blog[]> {
  const api = (await ctx.app.inject({ method: "GET", url: "/api/blogs" })).json();
  const file = (await ctx.app.inject({ method: "GET", url: "/blogs.json" })).json();
  expect(file).toEqual(api);
  return api;
}

describe("blog posts hosted on the site", () => {
  it("publishes a post at /blogs/{slug} made from its title, with the body rendered as HTML", async () => {
    const created = await publish(post);
    expect(created.statusCode).toBe(201);
    expect(created.json().slug).toBe("ads-that-pay-a-checklist");

    const response = await hostedPost("ads-that-pay-a-checklist");
    expect(response.statusCode).toBe(200);
    const shown: BlogPost = response.json();
    expect(shown).toMatchObject({ title: post.title, description: post.description, topic: "Marketing" });
    expect(shown.html).toContain("<h2>Start here</h2>");
    expect(shown.html).toContain("<strong>every</strong>");
    expect(shown.html).toContain('<a href="/yearly-billed">our plans</a>');
    expect(shown.html).toContain('<a href="https://example.com/guide" rel="noopener noreferrer nofollow">');
  });

  it("publishes a post without an image, whether the field is empty or left out", async () => {
    for (const [title, img] of [
      ["A post without a picture", ""],
      ["Another post without a picture", undefined],
    ] as const) {
      const created = await publish({ ...post, title, img });
      expect(created.statusCode).toBe(201);
      const shown: BlogPost = (await hostedPost(created.json().slug)).json();
      expect(shown).toMatchObject({ title, img: "" });
    }
  });

  it("renders script tags as text and drops javascript: links", async () => {
    const created = await publish({
      ...post,
      title: "Unsafe on purpose",
      body: [
        "<script>alert('x')</script>",
        '<img src="x" onerror="alert(1)">',
        "[click me](javascript:alert(1)) and [data](data:text/html;base64,PHNjcmlwdD4=)",
        '<a href="javascript:alert(2)">raw link</a>',
      ].join("\n\n"),
    });
    const { html } = (await hostedPost(created.json().slug)).json() as BlogPost;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/href="(javascript|data):/i);
    expect(html).not.toMatch(/<a href="javascript/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("[click me](javascript:alert(1))");
  });

  it("keeps slugs unique: a title used again gets a number, a slug typed again is refused", async () => {
    const first = await publish({ ...post, title: "Same title twice" });
    const second = await publish({ ...post, title: "Same title twice" });
    expect([first.json().slug, second.json().slug]).toEqual(["same-title-twice", "same-title-twice-2"]);

    const before = (await publicList()).length;
    const clash = await publish({ ...post, title: "Another one", slug: "same-title-twice" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields).toHaveProperty("slug");
    expect((await publicList()).length).toBe(before);

    // Editing a post onto another's slug is refused too; keeping its own is fine.
    const id = second.json().insertedId;
    const onto = await ctx.app.inject({
      method: "PUT",
      url: `/api/blogs/${id}`,
      headers: { cookie: admin.cookie },
      payload: { ...post, title: "Same title twice", slug: "same-title-twice" },
    });
    expect(onto.statusCode).toBe(409);
    const own = await ctx.app.inject({
      method: "PUT",
      url: `/api/blogs/${id}`,
      headers: { cookie: admin.cookie },
      payload: { ...post, title: "Same title twice", slug: "same-title-twice-2" },
    });
    expect(own.json()).toEqual({ modifiedCount: 1, slug: "same-title-twice-2" });
  });

  it("moves a post to its new slug when it is edited", async () => {
    const created = await publish({ ...post, title: "Old address" });
    const moved = await ctx.app.inject({
      method: "PUT",
      url: `/api/blogs/${created.json().insertedId}`,
      headers: { cookie: admin.cookie },
      payload: { ...post, title: "Old address", slug: "new-address" },
    });
    expect(moved.statusCode).toBe(200);
    expect((await hostedPost("old-address")).statusCode).toBe(404);
    expect((await hostedPost("new-address")).statusCode).toBe(200);
  });

  it.each([
    ["a slug with spaces and capitals", { slug: "Not A Slug" }, "slug"],
    ["no body and no link", { body: "" }, "body"],
    ["a description over 300 characters", { description: "x".repeat(301) }, "description"],
  ])("refuses %s and stores nothing", async (_, change, field) => {
    const before = (await publicList()).length;
    const response = await publish({ ...post, title: "Refused post", ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
    expect((await publicList()).length).toBe(before);
  });

  it("points blogLink at the hosted post unless the post links elsewhere", async () => {
    await publish({ ...post, title: "Hosted only" });
    await publish({
      ...post,
      title: "Published elsewhere",
      body: "",
      blogLink: "https://example.com/elsewhere",
    });
    const list = await publicList();
    expect(list.find((blog) => blog.title === "Hosted only")?.blogLink).toBe("/blogs/hosted-only");
    expect(list.find((blog) => blog.title === "Published elsewhere")?.blogLink).toBe(
      "https://example.com/elsewhere",
    );
    // A post with no body of its own has no page here.
    expect((await hostedPost("published-elsewhere")).statusCode).toBe(404);
  });

  it("lists hosted posts in the sitemap", async () => {
    await publish({ ...post, title: "In the sitemap" });
    const sitemap = await ctx.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain(`<loc>${ctx.config.publicUrl}/blogs/in-the-sitemap</loc>`);
    expect(sitemap.body).not.toContain("/blogs/published-elsewhere");
  });

  it("answers 404 for an unknown or malformed slug", async () => {
    for (const slug of ["no-such-post", "Bad%20Slug", "..%2Fadmin", "a".repeat(90)]) {
      const response = await hostedPost(slug);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("not_found");
    }
  });

  it("gives the editor each post as written, to admins only", async () => {
    const anonymous = await ctx.app.inject({ method: "GET", url: "/api/admin/blogs" });
    expect(anonymous.statusCode).toBe(401);
    const entries = (
      await ctx.app.inject({ method: "GET", url: "/api/admin/blogs", headers: { cookie: admin.cookie } })
    ).json();
    const hosted = entries.find((entry: { slug: string }) => entry.slug === "hosted-only");
    expect(hosted).toMatchObject({ body: post.body, description: post.description, blogLink: "" });
  });
});
