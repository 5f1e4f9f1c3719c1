import type { Blog } from "@agency/contract";
import { desc } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { blogs } from "../../db/schema.js";

/** Newest first, in the shape of SPEC §3 Blog (the same one blogs.json has always had). */
export async function listBlogs(db: Database): Promise<Blog[]> {
  const rows = await db.select().from(blogs).orderBy(desc(blogs.createdAt), desc(blogs.id));
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    topic: row.topic,
    blogLink: row.blogLink,
    img: row.img,
  }));
}
