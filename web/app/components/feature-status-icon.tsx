import { pricing } from "../lib/messages";

/** A tick or a cross that a screen reader announces as "Included" or "Not included". */
export function FeatureStatusIcon({ included }: { included: boolean }) {
  const label = included ? pricing.included : pricing.notIncluded;
  return (
    <svg
      role="img"
      aria-label={label}
      className={included ? "feature-icon feature-icon--included" : "feature-icon feature-icon--excluded"}
      width="20"
      height="20"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <title>{label}</title>
      <circle cx="10" cy="10" r="9" strokeWidth="1.4" opacity="0.35" />
      {included ? <path d="M5.8 10.4l2.8 2.8 5.6-6" /> : <path d="M6.8 6.8l6.4 6.4M13.2 6.8l-6.4 6.4" />}
    </svg>
  );
}
