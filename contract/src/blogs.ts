import { z } from "zod";

/** SPEC §3 Blog. The same shape is served by `GET /api/blogs` and by the static-style `/blogs.json`. */
export const Blog = z
  .object({
    _id: z.string(),
    title: z.string(),
    topic: z.string(),
    blogLink: z.string(),
    img: z.string(),
  })
  .meta({ id: "Blog" });
export type Blog = z.infer<typeof Blog>;

export const BlogList = z.array(Blog);

const webAddress = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), {
    error: "must be a web address starting with http:// or https://",
  });

/** A post's address under /blogs/: lower-case words joined by dashes. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Admin blog editor: an image, when the post has one, is a web address or a path on this site (an
 * uploaded image, or e.g. /images/blogs/x.svg). A post is hosted at /blogs/{slug} with its Markdown body; with an external
 * link the public list points there instead. The slug is made from the title when left empty.
 */
export const BlogBody = z
  .object({
    title: z.string().trim().min(3, { error: "must be at least 3 characters" }).max(200),
    topic: z.string().trim().min(2, { error: "must be at least 2 characters" }).max(60),
    slug: z
      .string()
      .trim()
      .max(80, { error: "must be at most 80 characters" })
      .refine((value) => value === "" || slugPattern.test(value), {
        error: "must be lower-case letters and digits joined by dashes (e.g. my-first-post)",
      })
      .default(""),
    description: z.string().trim().max(300, { error: "must be at most 300 characters" }).default(""),
    body: z.string().max(50_000, { error: "must be at most 50,000 characters" }).default(""),
    blogLink: z.union([z.literal(""), webAddress]).default(""),
    /** "" for a post without a picture. */
    img: z
      .string()
      .trim()
      .max(2048)
      .refine((value) => value === "" || /^(https?:\/\/[^\s]+|\/[^\s/][^\s]*)$/i.test(value), {
        error: "must be a web address or a path on this site starting with /",
      })
      .default(""),
  })
  .refine((blog) => blog.body.trim() !== "" || blog.blogLink !== "", {
    path: ["body"],
    error: "must not be empty unless the post links to an article elsewhere",
  })
  .meta({ id: "BlogBody" });
export type BlogBody = z.infer<typeof BlogBody>;
export type BlogInput = z.input<typeof BlogBody>;

/** A post as the editor loads it: its Markdown source and its own link ("" when hosted here). */
export const BlogEntry = z
  .object({
    _id: z.string(),
    title: z.string(),
    topic: z.string(),
    slug: z.string(),
    description: z.string(),
    body: z.string(),
    blogLink: z.string(),
    img: z.string(),
  })
  .meta({ id: "BlogEntry" });
export type BlogEntry = z.infer<typeof BlogEntry>;
export const BlogEntryList = z.array(BlogEntry);

/** A hosted post as its page shows it; `html` is the body rendered on the server, without raw HTML. */
export const BlogPost = z
  .object({
    _id: z.string(),
    slug: z.string(),
    title: z.string(),
    topic: z.string(),
    description: z.string(),
    img: z.string(),
    html: z.string(),
    publishedAt: z.string(),
  })
  .meta({ id: "BlogPost" });
export type BlogPost = z.infer<typeof BlogPost>;

export const SlugParams = z.object({ slug: z.string() });

export const InsertedId = z.object({ insertedId: z.string() });
export const BlogSaved = z.object({ insertedId: z.string(), slug: z.string() });
export const BlogUpdated = z.object({ modifiedCount: z.number(), slug: z.string() });
