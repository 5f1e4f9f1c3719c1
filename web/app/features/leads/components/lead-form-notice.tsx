import type { LeadFormResult } from "../form-result";

/**
 * The server's answer to a lead form posted without JavaScript, on the page it answered with:
 * the success message the toast would show, or the broken rule or refusal. Shown in the page (no
 * script, no toast), at the form, announced as a status or an alert.
 */
export function LeadFormNotice({
  notice,
  className = "",
}: {
  notice: LeadFormResult | undefined;
  className?: string;
}) {
  if (!notice) return null;
  return notice.sent ? (
    <p role="status" className={`alert alert-success mb-0 ${className}`}>
      {notice.message}
    </p>
  ) : (
    <p role="alert" className={`alert alert-danger mb-0 ${className}`}>
      {notice.message}
    </p>
  );
}
