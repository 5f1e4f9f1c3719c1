import { BlogList } from "../../features/blogs/components/blog-list";
import { NewsletterForm } from "../../features/leads/components/newsletter-form";
import { blogs } from "../../lib/messages";
import { pageMeta } from "../../lib/meta";
import type { Route } from "./+types/blogs";

export function meta(_: Route.MetaArgs) {
  return pageMeta({ title: blogs.heading, description: blogs.lead, canonicalPath: "/blogs" });
}

/** SPEC §2 Blogs: the blog cards and the newsletter. */
export default function Blogs() {
  return (
    <>
      <section className="page-header py-5" aria-labelledby="blogs-heading">
        <div className="container text-center">
          <h1 id="blogs-heading" className="display-6 fw-bold mb-2">
            {blogs.heading}
          </h1>
          <p className="lead text-body-secondary mb-0 mx-auto section-lead">{blogs.lead}</p>
        </div>
      </section>
      <div className="container py-5">
        <BlogList />
      </div>
      <NewsletterForm />
    </>
  );
}
