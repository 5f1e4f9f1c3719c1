import { Link } from "react-router";
import { projectIdea } from "../../../lib/messages";

/** SPEC §2 Landing: the project-idea call to action, leading to the contact page. */
export function ProjectIdea() {
  return (
    <section className="project-idea py-5" aria-labelledby="project-idea-heading">
      <div className="container">
        <div className="project-idea__panel row align-items-center g-4 p-4 p-md-5 mx-0">
          <div className="col-12 col-md-8">
            <h2 id="project-idea-heading" className="fw-bold mb-2">
              {projectIdea.heading}
            </h2>
            <p className="mb-0">{projectIdea.body}</p>
          </div>
          <div className="col-12 col-md-4 text-md-end">
            <Link to="/contact-us" className="btn btn-light btn-lg">
              {projectIdea.callToAction}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
