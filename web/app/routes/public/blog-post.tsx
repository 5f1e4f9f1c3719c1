import { data } from "react-router";
import { formatPublishedDate } from "../../lib/dates";
import { blogPost as t } from "../../lib/messages";
import { pageMeta } from "../../lib/meta";
import { pageDataOf } from "../../lib/page-data.server";
import { siteOf } from "../../lib/site";
import type { Route } from "./+types/blog-post";

/** The post, its body already rendered to safe HTML on the server: no Markdown code reaches the browser. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await pageDataOf(context).blogPost(params.slug);
  if (!post) throw data(null, { status: 404 });
  return { post };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { post } = loaderData;
  const tags = pageMeta({
    site: siteOf(matches),
    title: post.title,
    description: post.description || post.title,
    canonicalPath: `/blogs/${post.slug}`,
  });
  // An article, shown in link previews with its own picture (or the site's, when it has none).
  const replaced = post.img ? ["og:type", "og:image", "og:image:width", "og:image:height"] : ["og:type"];
  return (
    [
      ...tags.filter((tag) => !("property" in tag) || !replaced.includes(String(tag.property))),
      { property: "og:type", content: "article" },
      ...(post.img ? [{ property: "og:image", content: post.img }] : []),
      { property: "article:published_time", content: post.publishedAt },
    ]
      // A post without a picture keeps the site's own preview picture.
      .map((tag) =>
        post.img && "name" in tag && tag.name === "twitter:image" ? { ...tag, content: post.img } : tag,
      )
  );
}

/** A blog post hosted on the site. */
export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <article className="container py-5" aria-labelledby="post-heading">
      <div className="mx-auto blog-post">
        <p className="blog-card__topic small fw-semibold text-uppercase mb-2">{post.topic}</p>
        <h1 id="post-heading" className="display-6 fw-bold mb-3">
          {post.title}
        </h1>
        <p className="text-body-secondary mb-4">
          <time dateTime={post.publishedAt}>{formatPublishedDate(post.publishedAt)}</time>
        </p>
        {post.img ? (
          <img
            src={post.img}
            alt=""
            width="640"
            height="360"
            className="img-fluid rounded mb-4 blog-post__image"
          />
        ) : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server from Markdown with raw HTML off and unsafe links refused */}
        <div className="blog-post__body" dangerouslySetInnerHTML={{ __html: post.html }} />
        <p className="mt-5 mb-0">
          <a href="/blogs">{t.allPosts}</a>
        </p>
      </div>
    </article>
  );
}
