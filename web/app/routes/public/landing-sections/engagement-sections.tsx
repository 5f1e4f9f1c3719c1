import { NewsletterForm } from "../../../features/leads/components/newsletter-form";
import { QueryForm } from "../../../features/leads/components/query-form";
import { type LeadFormResult, resultFor } from "../../../features/leads/form-result";
import { ProjectIdea } from "../../../features/marketing/components/project-idea";
import { ReviewsCarousel } from "../../../features/reviews/components/reviews-carousel";
import { reviews } from "../../../lib/messages";

/** SPEC §2 Landing, after the pricing: project idea, query form, reviews and the newsletter. */
export function EngagementSections({ posted }: { posted?: LeadFormResult }) {
  return (
    <>
      <ProjectIdea />
      <QueryForm action="/" result={resultFor(posted, "query")} />
      <section className="reviews py-5" aria-labelledby="reviews-heading">
        <div className="container">
          <h2 id="reviews-heading" className="text-center fw-bold mb-5">
            {reviews.heading}
          </h2>
          <ReviewsCarousel />
        </div>
      </section>
      <NewsletterForm action="/" result={resultFor(posted, "newsletter")} />
    </>
  );
}
