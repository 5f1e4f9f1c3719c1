import type { ReactNode } from "react";

/** The centred card the sign-in pages share. */
export function AuthCard({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <div className="container py-5">
      <div className="row justify-content-center">
        <div className="col-12 col-sm-10 col-md-7 col-lg-5">
          <div className="card shadow-sm border-0">
            <div className="card-body p-4 p-md-5">
              <h1 className="h3 fw-bold mb-3 text-center">{title}</h1>
              {lead ? <p className="text-body-secondary text-center">{lead}</p> : null}
              {children}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
