import { addressLines } from "@agency/contract/address";
import { Fragment, lazy, Suspense, useId } from "react";
import { contact } from "../../../lib/messages";
import { mapLink, postalAddress, telHref, usePageSettings, useSite } from "../../../lib/site";

// Its own chunk: the Maps code is fetched only when the page is about to show a map.
const GoogleMap = lazy(() => import("./google-map"));

function MapPlaceholder() {
  return (
    <div className="office-map__placeholder d-flex align-items-center justify-content-center h-100">
      <span className="text-body-secondary">{contact.mapLoading}</span>
    </div>
  );
}

/** Without a Maps key (or while offline) the map's place shows the address and a link to a map. */
function AddressCard() {
  const site = useSite();
  return (
    <div className="office-map__card d-flex flex-column justify-content-center align-items-center text-center h-100 p-4">
      <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="mb-2">
        <path
          d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
          fill="currentColor"
        />
      </svg>
      <p className="h5 mb-2">{contact.addressCardHeading}</p>
      <p className="mb-3">
        {addressLines(site.address).map((line, index) => (
          <Fragment key={line}>
            {index > 0 ? <br /> : null}
            {line}
          </Fragment>
        ))}
      </p>
      <a className="btn btn-primary" href={mapLink(site)} target="_blank" rel="noreferrer noopener">
        {contact.openMap}
      </a>
    </div>
  );
}

/**
 * SPEC §2 Contact screen: the map (when a Google Maps key is configured) or an address card, then
 * the street address linking to an external map, two phone numbers and an e-mail link.
 */
export function OfficeLocation() {
  const site = useSite();
  const headingId = useId();
  const apiKey = usePageSettings().googleMapsApiKey;

  return (
    <section className="office-location h-100" aria-labelledby={headingId}>
      <h2 id={headingId} className="h3 fw-bold mb-3">
        {contact.locationHeading}
      </h2>
      <div className="office-map mb-4" data-testid="office-map">
        {apiKey ? (
          <Suspense fallback={<MapPlaceholder />}>
            <GoogleMap apiKey={apiKey} center={site.map} />
          </Suspense>
        ) : (
          <AddressCard />
        )}
      </div>
      <address className="d-grid gap-2 mb-0">
        <span>
          <span className="office-location__label">{contact.addressLabel}: </span>
          <a href={mapLink(site)} target="_blank" rel="noreferrer noopener">
            {postalAddress(site)}
          </a>
        </span>
        {site.phones.slice(0, 2).map((phone) => (
          <span key={phone}>
            <span className="office-location__label">{contact.phoneLabel}: </span>
            <a href={telHref(phone)}>{phone}</a>
          </span>
        ))}
        <span>
          <span className="office-location__label">{contact.emailLinkLabel}: </span>
          <a href={`mailto:${site.email}`}>{site.email}</a>
        </span>
      </address>
    </section>
  );
}
