import { salesCustomerPage as t } from "../../../lib/messages";

/** "Download PDF": the revision as its PDF prints it (the server names the file after its number). */
export function SalesPdfLink({ href, label = t.downloadPdf }: { href: string; label?: string }) {
  return (
    <a className="btn btn-outline-primary" href={href} download>
      {label}
    </a>
  );
}
