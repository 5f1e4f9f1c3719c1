import type { ReactNode } from "react";
import { mainContentId } from "../../../lib/layout";

/** Side menu beside the page from md up; stacked above it on phones. */
export function DashboardFrame({ menu, children }: { menu: ReactNode; children: ReactNode }) {
  return (
    <div className="container-fluid">
      <div className="row min-vh-100">
        <div className="col-12 col-md-4 col-lg-3 col-xl-2 p-0">{menu}</div>
        <main id={mainContentId} className="col-12 col-md-8 col-lg-9 col-xl-10 p-3 p-md-4 bg-body-tertiary">
          {children}
        </main>
      </div>
    </div>
  );
}
