import { APIProvider, Map as GoogleMapView } from "@vis.gl/react-google-maps";
import { contact } from "../../../lib/messages";

// SPEC §2 Contact screen and §9: 320 px high, full width, zoom 12, no markers.
const mapZoom = 12;
const mapHeightPx = 320;

type GoogleMapProps = { apiKey: string; center: { lat: number; lng: number } };

/** Loaded on its own (React.lazy) only on the contact page and only when a key is configured. */
export default function GoogleMap({ apiKey, center }: GoogleMapProps) {
  return (
    <APIProvider apiKey={apiKey}>
      <section aria-label={contact.mapTitle} className="w-100 h-100">
        <GoogleMapView
          defaultCenter={center}
          defaultZoom={mapZoom}
          gestureHandling="cooperative"
          style={{ width: "100%", height: `${mapHeightPx}px` }}
        />
      </section>
    </APIProvider>
  );
}
