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
