import { LoadError } from "../../../components/load-error";
import { LoadingScreen } from "../../../components/loading-screen";
import { services } from "../../../lib/messages";
import { useServices } from "../api/catalog";

/** SPEC §2 Landing: the services, from `GET /api/services`. */
export function ServicesList() {
  const query = useServices();
  const { data, isPending, isError } = query;

  if (isPending) return <LoadingScreen label={services.loading} inline />;
  if (isError) {
    return <LoadError message={services.loadFailed} query={query} />;
  }

  return (
    <ul className="row g-4 list-unstyled mb-0">
      {data.map((service) => (
        <li key={service._id} className="col-12 col-sm-6 col-lg-4">
          <div className="card h-100 service-card">
            <div className="card-body p-4">
              <img
                src={service.image}
                alt=""
                width="64"
                height="64"
                className="service-card__image mb-3"
                loading="lazy"
              />
              <h3 className="h5">{service.title}</h3>
              <p className="mb-0 text-body-secondary">{service.description}</p>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
