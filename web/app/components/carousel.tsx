import type { EmblaCarouselType } from "embla-carousel";
import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { type ReactNode, useCallback, useEffect, useState } from "react";

type CarouselProps = {
  /** Names the carousel for screen readers ("Platforms we work with"). */
  label: string;
  slides: { key: string; content: ReactNode }[];
  /** How long a slide stays before the next one comes in. */
  autoplayDelayMs: number;
  /** Sets how many slides are visible per breakpoint (see app.css). */
  className: string;
  pauseLabel: string;
  playLabel: string;
  /** Previous/next buttons, for carousels whose slides are worth going back to. */
  arrows?: { previous: string; next: string };
};

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/**
 * An autoplaying, looping carousel (Embla) that follows the WAI carousel pattern: a labelled
 * region, slides announced as "3 of 12", and a button to stop the motion (WCAG 2.2.2). Motion does
 * not start for visitors who ask their system for less of it, and stops when they drag or focus a
 * slide.
 */
export function Carousel({
  label,
  slides,
  autoplayDelayMs,
  className,
  pauseLabel,
  playLabel,
  arrows,
}: CarouselProps) {
  const [plugins] = useState(() => [
    Autoplay({ delay: autoplayDelayMs, playOnInit: !prefersReducedMotion(), stopOnInteraction: true }),
  ]);
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: "start" }, plugins);
  // Prerendered as playing; corrected from the plugin once it runs in the browser.
  const [playing, setPlaying] = useState(true);

  useEffect(() => {
    if (!embla) return;
    // The plugin announces a change before it records it, so the event says what the state is.
    const playing = () => setPlaying(true);
    const stopped = () => setPlaying(false);
    const sync = (api: EmblaCarouselType) => setPlaying(api.plugins().autoplay?.isPlaying() ?? false);
    sync(embla);
    embla.on("autoplay:play", playing).on("autoplay:stop", stopped).on("reInit", sync);
    return () => {
      embla.off("autoplay:play", playing).off("autoplay:stop", stopped).off("reInit", sync);
    };
  }, [embla]);

  const toggle = useCallback(() => {
    const autoplay = embla?.plugins().autoplay;
    if (!autoplay) return;
    if (autoplay.isPlaying()) autoplay.stop();
    else autoplay.play();
  }, [embla]);

  const go = useCallback(
    (direction: "previous" | "next") => {
      if (!embla) return;
      if (direction === "previous") embla.scrollPrev();
      else embla.scrollNext();
      // A visitor who steps through the slides gets the full delay on the one they chose.
      embla.plugins().autoplay?.reset();
    },
    [embla],
  );

  return (
    <section className={`carousel-region ${className}`} aria-roledescription="carousel" aria-label={label}>
      <div className="carousel-viewport" ref={viewportRef}>
        <div className="carousel-track">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI carousel pattern; a fieldset is for form controls.
            <div
              key={slide.key}
              className="carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      <div className="carousel-controls d-flex justify-content-center align-items-center gap-2 mt-3">
        {arrows ? (
          <button
            type="button"
            className="carousel-button"
            onClick={() => go("previous")}
            aria-label={arrows.previous}
          >
            <ControlIcon shape="previous" />
          </button>
        ) : null}
        <button
          type="button"
          className="carousel-button"
          onClick={toggle}
          aria-label={playing ? pauseLabel : playLabel}
          data-playing={playing}
        >
          <ControlIcon shape={playing ? "pause" : "play"} />
        </button>
        {arrows ? (
          <button
            type="button"
            className="carousel-button"
            onClick={() => go("next")}
            aria-label={arrows.next}
          >
            <ControlIcon shape="next" />
          </button>
        ) : null}
      </div>
    </section>
  );
}

const shapes = {
  previous: "M12.5 4.5L7 10l5.5 5.5",
  next: "M7.5 4.5L13 10l-5.5 5.5",
  pause: "M7 5v10M13 5v10",
  play: "M7 4.5v11l8.5-5.5z",
} as const;

function ControlIcon({ shape }: { shape: keyof typeof shapes }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 20 20"
      fill={shape === "play" ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={shapes[shape]} />
    </svg>
  );
}
