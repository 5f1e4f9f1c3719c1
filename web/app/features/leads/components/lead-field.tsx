import type { HTMLAttributes } from "react";

type Props = {
  id: string;
  label: string;
  /** The wrapper's classes (grid column). */
  className?: string;
  large?: boolean;
  /** A multi-line message box of this many rows instead of a one-line input. */
  rows?: number;
  type?: "text" | "email";
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  autoComplete?: string;
  placeholder: string;
  name: string;
  /** What the field shows first (the page's form keeps what was typed; see useLeadForm). */
  defaultValue: string;
};

/**
 * A labelled field of the lead forms. No `required` attribute: the spec's toasts, in their order,
 * tell the visitor what is missing; aria-required still tells assistive technology.
 */
export function LeadField({ id, label, className, large, rows, type = "text", ...control }: Props) {
  const controlClass = large ? "form-control form-control-lg" : "form-control";
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {rows ? (
        <textarea id={id} rows={rows} className={controlClass} aria-required="true" {...control} />
      ) : (
        <input id={id} type={type} className={controlClass} aria-required="true" {...control} />
      )}
    </div>
  );
}
