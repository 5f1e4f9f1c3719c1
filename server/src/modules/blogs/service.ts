import { type Blog, type BlogBody, type BlogEntry, type BlogPost, isId, slugPattern } from "@agency/contract";
import type { Database } from "../../db/client.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import { AppError, notFound } from "../../errors.js";
import { type AuditActor, recordAudit } from "../audit/index.js";
import { cachedRead, catalogChanged } from "../catalog/index.js";
import { renderMarkdown, slugFromTitle } from "./markdown.js";
import {
  type BlogRow,
  blogExists,
  blogRowsNewestFirst,
  deleteBlogRow,
  insertBlog,
  otherBlogHasSlug,
  slugsStartingWith,
  updateBlogRow,
} from "./queries.js";

const blogPath = (slug: string) => `/blogs/${slug}`;

/** A post has a page of its own when it has a body; the list links there unless it names an article elsewhere. */
const isHosted = (row: Pick<BlogRow, "body">) => row.body.trim() !== "";
const linkOf = (row: BlogRow) => row.blogLink ?? blogPath(row.slug);

function rows(db: Database): Promise<BlogRow[]> {
  return cachedRead(db, "blogs", "rows", () => blogRowsNewestFirst(db));
}

/** Newest first, in the shape of SPEC §3 Blog (the same one blogs.json has always had). */
export async function listBlogs(db: Database): Promise<Blog[]> {
  return (await rows(db)).map((row) => ({
    _id: row.id,
    title: row.title,
    topic: row.topic,
    blogLink: linkOf(row),
    img: row.img,
  }));
}

/** The editor's view: every field as written. */
export async function listBlogEntries(db: Database): Promise<BlogEntry[]> {
  return (await rows(db)).map((row) => ({
    _id: row.id,
    title: row.title,
    topic: row.topic,
    slug: row.slug,
    description: row.description,
    body: row.body,
    blogLink: row.blogLink ?? "",
    img: row.img,
  }));
}

/** The paths of the posts hosted here, for the sitemap. */
export async function hostedBlogPaths(db: Database): Promise<string[]> {
  return (await rows(db)).filter(isHosted).map((row) => blogPath(row.slug));
}

/** A hosted post with its body rendered; unknown and malformed slugs are not found. */
export async function getBlogPost(db: Database, slug: string): Promise<BlogPost> {
  if (!slugPattern.test(slug) || slug.length > 80) throw notFound("The blog post");
  const row = (await rows(db)).find((candidate) => candidate.slug === slug);
  if (!row || !isHosted(row)) throw notFound("The blog post");
  return cachedRead(db, "blogs", `post:${row.id}`, async () => ({
    _id: row.id,
    slug: row.slug,
    title: row.title,
    topic: row.topic,
    description: row.description,
    img: row.img,
    html: renderMarkdown(row.body),
    publishedAt: row.createdAt.toISOString(),
  }));
}

const slugTaken = () =>
  new AppError("conflict", "Another blog post already has this address. Choose another slug.", {
    slug: "already used by another post",
  });

/**
 * The slug the post gets: the one the editor typed (refused when another post has it), or one made
 * from the title, numbered when that is taken.
 */
async function chooseSlug(db: Database, body: BlogBody, id?: string): Promise<string> {
  if (body.slug) {
    if (await otherBlogHasSlug(db, body.slug, id)) throw slugTaken();
    return body.slug;
  }
  const base = slugFromTitle(body.title);
  const taken = new Set(await slugsStartingWith(db, base, id));
  if (!taken.has(base)) return base;
  for (let number = 2; ; number += 1) if (!taken.has(`${base}-${number}`)) return `${base}-${number}`;
}

function columns(body: BlogBody, slug: string) {
  return {
    title: body.title,
    topic: body.topic,
    slug,
    description: body.description,
    body: body.body,
    blogLink: body.blogLink === "" ? null : body.blogLink,
    img: body.img,
  };
}

/** The admin editor's writes; the public list and blogs.json read the same cached rows, so both follow at once. */
export async function createBlog(
  db: Database,
  body: BlogBody,
): Promise<{ insertedId: string; slug: string }> {
  const slug = await chooseSlug(db, body);
  try {
    const row = await insertBlog(db, columns(body, slug));
    if (!row) throw new Error("The blog post was not stored.");
    return { insertedId: row.id, slug };
  } catch (error) {
    // Two posts saved at once with the same slug: the second one is told to choose another.
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  } finally {
    await catalogChanged(db, "blogs");
  }
}

export async function updateBlog(
  db: Database,
  id: string,
  body: BlogBody,
): Promise<{ modifiedCount: number; slug: string }> {
  if (!isId(id)) throw notFound("The blog post");
  if (!(await blogExists(db, id))) throw notFound("The blog post");
  const slug = await chooseSlug(db, body, id);
  try {
    const updated = await updateBlogRow(db, id, columns(body, slug));
    if (updated.length === 0) throw notFound("The blog post");
    return { modifiedCount: updated.length, slug };
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  } finally {
    await catalogChanged(db, "blogs");
  }
}

export async function deleteBlog(
  db: Database,
  actor: AuditActor,
  id: string,
): Promise<{ deletedCount: number }> {
  if (!isId(id)) throw notFound("The blog post");
  const deleted = await db.transaction(async (tx) => {
    const rows = await deleteBlogRow(tx, id);
    for (const row of rows) {
      await recordAudit(tx, {
        actor,
        action: "blog.deleted",
        subject: { type: "blog", id: row.id, label: row.title },
        before: { title: row.title, topic: row.topic, slug: row.slug, blogLink: row.blogLink, img: row.img },
      });
    }
    return rows;
  });
  if (deleted.length === 0) throw notFound("The blog post");
  await catalogChanged(db, "blogs");
  return { deletedCount: deleted.length };
}
