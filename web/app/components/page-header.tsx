import type { ReactNode } from "react";

type Props = {
  id: string;
  heading: string;
  lead: string;
  image: { src: string; alt: string; width: number; height: number };
  /** From which breakpoint text and picture sit side by side (below it they stack). */
  splitAt?: "md" | "lg";
  className?: string;
  headingClassName?: string;
  children?: ReactNode;
};

/** The public pages' opening section: the page's h1 and lead beside its picture. */
export function PageHeader({
  id,
  heading,
  lead,
  image,
  splitAt = "lg",
  className = "page-header",
  headingClassName = "display-6 fw-bold mb-3",
  children,
}: Props) {
  const [text, picture] = splitAt === "md" ? ["col-md-7", "col-md-5"] : ["col-lg-6", "col-lg-6"];
  return (
    <section className={`${className} py-5`} aria-labelledby={id}>
      <div className="container">
        <div className="row align-items-center g-4">
          <div className={`col-12 ${text}`}>
            <h1 id={id} className={headingClassName}>
              {heading}
            </h1>
            <p className={children ? "lead mb-4" : "lead mb-0"}>{lead}</p>
            {children}
          </div>
          <div className={`col-12 ${picture}`}>
            <img
              src={image.src}
              alt={image.alt}
              width={image.width}
              height={image.height}
              className="img-fluid d-block mx-auto"
              fetchPriority="high"
            />
          </div>
        </div>
      </div>
    </section>
  );
}
