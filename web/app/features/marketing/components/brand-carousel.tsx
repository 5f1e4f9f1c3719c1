import { Carousel } from "../../../components/carousel";
import { brands } from "../../../lib/messages";
import { brandIcons } from "../brand-icons";

// SPEC §9: the brand carousel shows 5 slides and moves every 2000 ms.
const brandAutoplayDelayMs = 2000;

/** SPEC §2 Landing: the brand carousel. */
export function BrandCarousel() {
  return (
    <div className="brands py-5 border-bottom">
      <div className="container">
        <h2 className="h6 text-uppercase text-center brands__heading mb-4">{brands.heading}</h2>
        <Carousel
          label={brands.heading}
          className="brand-carousel"
          autoplayDelayMs={brandAutoplayDelayMs}
          pauseLabel={brands.pause}
          playLabel={brands.play}
          slides={brandIcons.map((icon) => ({
            key: icon.slug,
            content: (
              <figure className="brand-mark m-0 d-flex flex-column align-items-center gap-2">
                <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
                  <path d={icon.path} fill="currentColor" />
                </svg>
                <figcaption className="small fw-semibold text-center">{icon.title}</figcaption>
              </figure>
            ),
          }))}
        />
      </div>
    </div>
  );
}
