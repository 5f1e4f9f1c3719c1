import type { Blog } from "@agency/contract";
import { LoadError } from "../../../components/load-error";
import { blogs } from "../../../lib/messages";
import { useBlogs } from "../api/blogs";

/** SPEC §2 Blogs: a card per post with its image, topic, title and a link to the post. */
function BlogCard({ blog, position }: { blog: Blog; position: number }) {
  // The first row is above the fold: its images load at once, the first one before anything else.
  const firstRow = position < cardsPerRow;
  // A post hosted here opens in the same tab; an article elsewhere in a new one.
  const elsewhere = !blog.blogLink.startsWith("/");
  return (
    <article className="card h-100 blog-card">
      {blog.img ? (
        <img
          src={blog.img}
          alt=""
          width="640"
          height="360"
          className="card-img-top blog-card__image"
          loading={firstRow ? "eager" : "lazy"}
          fetchPriority={position === 0 ? "high" : undefined}
        />
      ) : (
        // A post without a picture keeps the card's shape, so the grid stays even.
        <div className="card-img-top blog-card__image bg-body-secondary" aria-hidden="true" />
      )}
      <div className="card-body d-flex flex-column p-4">
        <p className="blog-card__topic small fw-semibold text-uppercase mb-2">{blog.topic}</p>
        <h2 className="h5 mb-3 blog-card__title">{blog.title}</h2>
        <a
          href={blog.blogLink}
          className="mt-auto fw-semibold stretched-link"
          target={elsewhere ? "_blank" : undefined}
          rel={elsewhere ? "noreferrer noopener" : undefined}
        >
          {blogs.readMore}
          <span className="visually-hidden">
            : {blog.title}
            {elsewhere ? ` ${blogs.opensInNewTab}` : null}
          </span>
        </a>
      </div>
    </article>
  );
}

const cardsPerRow = 3;
const gridClass = "row g-4 list-unstyled mb-0";
const cellClass = "col-12 col-md-6 col-lg-4";
const placeholderKeys = Array.from({ length: cardsPerRow }, (_, index) => `placeholder-${index}`);

/**
 * While the posts load: a row of cards shaped like the real ones (16:9 image, topic, two-line
 * title, link), so the page below does not move when they arrive.
 */
function BlogListPlaceholder() {
  return (
    <div role="status">
      <span className="visually-hidden">{blogs.loading}</span>
      <ul className={gridClass} aria-hidden="true">
        {placeholderKeys.map((key) => (
          <li key={key} className={cellClass}>
            <div className="card h-100 blog-card placeholder-glow">
              <div className="card-img-top blog-card__image" />
              <div className="card-body d-flex flex-column p-4">
                <p className="blog-card__topic small mb-2">
                  <span className="placeholder col-4" />
                </p>
                <p className="h5 mb-3 blog-card__title">
                  <span className="placeholder col-11" /> <span className="placeholder col-7" />
                </p>
                <p className="mt-auto mb-0">
                  <span className="placeholder col-3" />
                </p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function BlogList() {
  const query = useBlogs();
  const { data, isPending, isError } = query;

  if (isPending) return <BlogListPlaceholder />;
  if (isError) {
    return <LoadError message={blogs.loadFailed} query={query} />;
  }
  if (data.length === 0) return <p className="text-center text-body-secondary py-5">{blogs.empty}</p>;

  return (
    <ul className={gridClass}>
      {data.map((blog, position) => (
        <li key={blog._id} className={cellClass}>
          <BlogCard blog={blog} position={position} />
        </li>
      ))}
    </ul>
  );
}
