import { type Blog, type BlogBody, isId } from "@agency/contract";
import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { blogs } from "../../db/schema.js";
import { notFound } from "../../errors.js";
import { cachedRead, catalogChanged } from "../catalog/cache.js";

/** Newest first, in the shape of SPEC §3 Blog (the same one blogs.json has always had). */
export function listBlogs(db: Database): Promise<Blog[]> {
  return cachedRead(db, "blogs", "list", async () => {
    const rows = await db.select().from(blogs).orderBy(desc(blogs.createdAt), desc(blogs.id));
    return rows.map((row) => ({
      _id: row.id,
      title: row.title,
      topic: row.topic,
      blogLink: row.blogLink,
      img: row.img,
    }));
  });
}

/** The admin editor's writes; the public list and blogs.json read the same cached list, so both follow at once. */
export async function createBlog(db: Database, body: BlogBody): Promise<{ insertedId: string }> {
  const [row] = await db.insert(blogs).values(body).returning({ id: blogs.id });
  if (!row) throw new Error("The blog post was not stored.");
  await catalogChanged(db, "blogs");
  return { insertedId: row.id };
}

export async function updateBlog(
  db: Database,
  id: string,
  body: BlogBody,
): Promise<{ modifiedCount: number }> {
  if (!isId(id)) throw notFound("The blog post");
  const updated = await db.update(blogs).set(body).where(eq(blogs.id, id)).returning({ id: blogs.id });
  if (updated.length === 0) throw notFound("The blog post");
  await catalogChanged(db, "blogs");
  return { modifiedCount: updated.length };
}

export async function deleteBlog(db: Database, id: string): Promise<{ deletedCount: number }> {
  if (!isId(id)) throw notFound("The blog post");
  const deleted = await db.delete(blogs).where(eq(blogs.id, id)).returning({ id: blogs.id });
  if (deleted.length === 0) throw notFound("The blog post");
  await catalogChanged(db, "blogs");
  return { deletedCount: deleted.length };
}
