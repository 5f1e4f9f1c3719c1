import { lazy, Suspense } from "react";
import { PageSection } from "../../components/page-section";
import { BlogList } from "../../features/blogs/components/blog-list";
import { leadFormAction } from "../../features/leads/form-action.server";
import { resultFor } from "../../features/leads/form-result";
import { useInitialData } from "../../lib/initial-data";
import { blogs } from "../../lib/messages";
import { pageMeta } from "../../lib/meta";
import { pageQueries } from "../../lib/page-queries.server";
import { siteOf } from "../../lib/site";
import type { Route } from "./+types/blogs";

// Below the cards; it hydrates from its own chunk (shared with the landing page's newsletter).
const NewsletterForm = lazy(() =>
  import("../../features/leads/components/newsletter-form").then((m) => ({ default: m.NewsletterForm })),
);

/** The blog cards, in the page's HTML. */
export async function loader({ context }: Route.LoaderArgs) {
  return { queries: await pageQueries(context, ["blogs"]) };
}

/** The newsletter form, posted without JavaScript: the page again, with the form's answer. */
export function action(args: Route.ActionArgs) {
  return leadFormAction(args, ["newsletter"]);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    site: siteOf(matches),
    title: blogs.heading,
    description: blogs.lead,
    canonicalPath: "/blogs",
  });
}

/** SPEC §2 Blogs: the blog cards and the newsletter. */
export default function Blogs({ loaderData, actionData }: Route.ComponentProps) {
  useInitialData(loaderData.queries);
  return (
    <>
      <PageSection
        id="blogs-heading"
        level="h1"
        heading={blogs.heading}
        headingClassName="display-6 fw-bold mb-2"
        lead={blogs.lead}
        leadClassName="lead text-body-secondary mb-0 mx-auto section-lead"
        className="page-header"
        containerClassName="text-center"
      />
      <div className="container py-5">
        <BlogList />
      </div>
      <Suspense fallback={null}>
        <NewsletterForm action="/blogs" result={resultFor(actionData, "newsletter")} />
      </Suspense>
    </>
  );
}
