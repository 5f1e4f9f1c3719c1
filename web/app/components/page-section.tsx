import type { ReactNode } from "react";

type Props = {
  /** The heading's id; the section is labelled by it. */
  id: string;
  heading: string;
  level?: "h1" | "h2";
  headingClassName?: string;
  lead?: string;
  leadClassName?: string;
  /** The section's own id, for in-page links such as #pricing. */
  anchor?: string;
  className?: string;
  containerClassName?: string;
  children?: ReactNode;
};

/** A public page's section: a container with its heading, an optional lead, then the content. */
export function PageSection({
  id,
  heading,
  level: Heading = "h2",
  headingClassName = "fw-bold mb-3",
  lead,
  leadClassName = "text-body-secondary",
  anchor,
  className,
  containerClassName,
  children,
}: Props) {
  return (
    <section id={anchor} className={className ? `${className} py-5` : "py-5"} aria-labelledby={id}>
      <div className={containerClassName ? `container ${containerClassName}` : "container"}>
        <Heading id={id} className={headingClassName}>
          {heading}
        </Heading>
        {lead ? <p className={leadClassName}>{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}
