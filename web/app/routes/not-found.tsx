import { Link } from "react-router";
import { notFound } from "../lib/messages";
import { pageTitle, siteOf } from "../lib/site";
import type { Route } from "./+types/not-found";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(notFound.heading, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

/** SPEC §2 Not-found screen. */
export default function NotFound() {
  return (
    <section className="container py-5 text-center not-found">
      <p className="display-1 fw-bold mb-0 not-found__oops">{notFound.oops}</p>
      <h1 className="h3 mb-3">{notFound.heading}</h1>
      <p className="text-body-secondary mx-auto mb-4" style={{ maxWidth: "32rem" }}>
        {notFound.body}
      </p>
      <Link to="/home" className="btn btn-primary">
        {notFound.backHome}
      </Link>
    </section>
  );
}
