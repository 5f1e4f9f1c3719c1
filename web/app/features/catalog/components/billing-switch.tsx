import { Link, useLocation } from "react-router";
import { pricing } from "../../../lib/messages";

const options: { to: string; label: string; paths: string[] }[] = [
  // SPEC §2: "/" shows the monthly cards, so Monthly is the current choice there as well.
  { to: "/home", label: pricing.monthly, paths: ["/", "/home"] },
  { to: "/yearly-billed", label: pricing.yearly, paths: ["/yearly-billed"] },
];

function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** Monthly/Yearly choice of the pricing section; a link per duration so each has its own URL. */
export function BillingSwitch() {
  const pathname = normalize(useLocation().pathname);
  return (
    <nav aria-label={pricing.billingPeriod} className="d-flex justify-content-center mb-5">
      <ul className="nav nav-pills billing-switch p-1 rounded-pill">
        {options.map((option) => {
          const active = option.paths.includes(pathname);
          return (
            <li key={option.to} className="nav-item">
              <Link
                to={option.to}
                // Switching keeps the visitor at the pricing section instead of jumping to the top.
                preventScrollReset
                className={active ? "nav-link rounded-pill active" : "nav-link rounded-pill"}
                aria-current={active ? "page" : undefined}
              >
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
