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

/** Admin blog editor: an image is a web address or a path on this site (e.g. /images/blogs/x.svg). */
export const BlogBody = z
  .object({
    title: z.string().trim().min(3, { error: "must be at least 3 characters" }).max(200),
    topic: z.string().trim().min(2, { error: "must be at least 2 characters" }).max(60),
    blogLink: webAddress,
    img: z
      .string()
      .trim()
      .max(2048)
      .refine((value) => /^(https?:\/\/[^\s]+|\/[^\s/][^\s]*)$/i.test(value), {
        error: "must be a web address or a path on this site starting with /",
      }),
  })
  .meta({ id: "BlogBody" });
export type BlogBody = z.infer<typeof BlogBody>;

export const InsertedId = z.object({ insertedId: z.string() });
