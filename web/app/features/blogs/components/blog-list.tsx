import type { Blog } from "@agency/contract";
import { LoadError, LoadingStatus } from "../../../components/query-status";
import { blogs } from "../../../lib/messages";
import { useBlogs } from "../api/get-blogs";

/** SPEC §2 Blogs: a card per post with its image, topic, title and a link to the post. */
function BlogCard({ blog }: { blog: Blog }) {
  return (
    <article className="card h-100 blog-card">
      <img
        src={blog.img}
        alt=""
        width="640"
        height="360"
        className="card-img-top blog-card__image"
        loading="lazy"
      />
      <div className="card-body d-flex flex-column p-4">
        <p className="blog-card__topic small fw-semibold text-uppercase mb-2">{blog.topic}</p>
        <h2 className="h5 mb-3">{blog.title}</h2>
        <a
          href={blog.blogLink}
          className="mt-auto fw-semibold stretched-link"
          target="_blank"
          rel="noreferrer noopener"
        >
          {blogs.readMore}
          <span className="visually-hidden">
            : {blog.title} {blogs.opensInNewTab}
          </span>
        </a>
      </div>
    </article>
  );
}

export function BlogList() {
  const { data, error, isPending, isError, refetch, isRefetching } = useBlogs();

  if (isPending) return <LoadingStatus label={blogs.loading} />;
  if (isError) {
    return (
      <LoadError
        heading={blogs.loadFailed}
        error={error}
        retryLabel={blogs.retry}
        onRetry={() => refetch()}
        retrying={isRefetching}
      />
    );
  }
  if (data.length === 0) return <p className="text-center text-body-secondary py-5">{blogs.empty}</p>;

  return (
    <ul className="row g-4 list-unstyled mb-0">
      {data.map((blog) => (
        <li key={blog._id} className="col-12 col-md-6 col-lg-4">
          <BlogCard blog={blog} />
        </li>
      ))}
    </ul>
  );
}
