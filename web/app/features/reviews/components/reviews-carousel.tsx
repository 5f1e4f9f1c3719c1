import type { Review } from "@agency/contract";
import { useState } from "react";
import { Carousel } from "../../../components/carousel";
import { LoadingScreen } from "../../../components/loading-screen";
import { reviews } from "../../../lib/messages";
import { useReviews } from "../api/reviews";

// SPEC §3 Review: a default avatar when a review has no picture.
export const defaultAvatar = "/images/avatar-default.svg";

/**
 * SPEC §9: two slides at a time, moving in 500 ms. Embla's default scroll takes about that long;
 * the slides wait 5 s between moves so a review can be read before it leaves.
 */
const reviewsAutoplayDelayMs = 5000;

function Avatar({ review }: { review: Review }) {
  // A picture that fails to load (a removed upload, a dead link) falls back to the default too.
  const [broken, setBroken] = useState(false);
  const source = review.profilePicture && !broken ? review.profilePicture : defaultAvatar;
  return (
    <img
      src={source}
      alt={reviews.pictureOf(review.name)}
      width="56"
      height="56"
      className="review-card__avatar rounded-circle"
      loading="lazy"
      onError={() => setBroken(true)}
    />
  );
}

function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="card h-100 review-card m-0">
      <div className="card-body p-4 d-flex flex-column gap-3">
        <blockquote className="mb-0 flex-grow-1">
          <p className="mb-0">“{review.comment}”</p>
        </blockquote>
        <figcaption className="d-flex align-items-center gap-3">
          <Avatar review={review} />
          <span className="fw-semibold">{review.name}</span>
        </figcaption>
      </div>
    </figure>
  );
}

/** SPEC §2 Landing: the reviews, from `GET /api/reviews`, two at a time. */
export function ReviewsCarousel() {
  const { data, isPending, isError } = useReviews();

  if (isPending) return <LoadingScreen label={reviews.loading} inline />;
  // Reviews are a bonus on the landing page: a failed load says so quietly instead of a retry box.
  if (isError) return <p className="text-center text-body-secondary py-4">{reviews.loadFailed}</p>;
  if (data.length === 0) return <p className="text-center text-body-secondary py-4">{reviews.empty}</p>;

  return (
    <Carousel
      label={reviews.carouselLabel}
      className="reviews-carousel"
      autoplayDelayMs={reviewsAutoplayDelayMs}
      pauseLabel={reviews.pause}
      playLabel={reviews.play}
      arrows={{ previous: reviews.previous, next: reviews.next }}
      slides={data.map((review) => ({ key: review._id, content: <ReviewCard review={review} /> }))}
    />
  );
}
