import { and, desc, eq, like, ne, or, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { blogs } from "../../db/schema.js";

export type BlogRow = typeof blogs.$inferSelect;
type BlogColumns = Omit<typeof blogs.$inferInsert, "id" | "createdAt">;

export function blogRowsNewestFirst(db: Database): Promise<BlogRow[]> {
  return db.select().from(blogs).orderBy(desc(blogs.createdAt), desc(blogs.id));
}

/** The condition, leaving out the post `exceptId` (the one being edited) when given. */
function otherThan(condition: SQL, exceptId?: string): SQL | undefined {
  return exceptId ? and(condition, ne(blogs.id, exceptId)) : condition;
}

/** Whether a post other than `exceptId` has this slug. */
export async function otherBlogHasSlug(db: Database, slug: string, exceptId?: string): Promise<boolean> {
  const [clash] = await db
    .select({ id: blogs.id })
    .from(blogs)
    .where(otherThan(eq(blogs.slug, slug), exceptId))
    .limit(1);
  return clash !== undefined;
}

/** The slugs of posts other than `exceptId` that are `base` or `base-…`. */
export async function slugsStartingWith(db: Database, base: string, exceptId?: string): Promise<string[]> {
  const rows = await db
    .select({ slug: blogs.slug })
    .from(blogs)
    .where(
      otherThan(or(eq(blogs.slug, base), like(blogs.slug, `${base}-%`)) ?? eq(blogs.slug, base), exceptId),
    );
  return rows.map((row) => row.slug);
}

export async function blogExists(db: Database, id: string): Promise<boolean> {
  const [existing] = await db.select({ id: blogs.id }).from(blogs).where(eq(blogs.id, id));
  return existing !== undefined;
}

export async function insertBlog(db: Database, values: BlogColumns): Promise<{ id: string } | undefined> {
  const [row] = await db.insert(blogs).values(values).returning({ id: blogs.id });
  return row;
}

/** The ids of the posts changed: none when the post is gone. */
export function updateBlogRow(db: Database, id: string, values: BlogColumns): Promise<{ id: string }[]> {
  return db.update(blogs).set(values).where(eq(blogs.id, id)).returning({ id: blogs.id });
}

/** The posts deleted, as they were. */
export function deleteBlogRow(tx: Database, id: string): Promise<BlogRow[]> {
  return tx.delete(blogs).where(eq(blogs.id, id)).returning();
}
