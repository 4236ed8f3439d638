import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import type { MapProps } from './facility-map.tsx';
import styles from './job-details.module.css';

/** Where the facility is, for a map that cannot be drawn: its address and a link to a map in a new tab. */
function MapFallback({ lat, lng, address }: Pick<MapProps, 'lat' | 'lng' | 'address'>) {
  const query = encodeURIComponent(address || `${lat},${lng}`);
  return (
    <div className={styles.mapFallback}>
      <p>The map cannot be shown right now.</p>
      <p className={styles.mapAddress}>{address}</p>
      <ExternalLink href={`https://www.google.com/maps/search/?api=1&query=${query}`} namesSite>
        Open this address in Google Maps
      </ExternalLink>
    </div>
  );
}

// Leaflet is a chunk of its own: offline, fetching it fails, and the address is shown instead of an error.
const FacilityMap = lazy<ComponentType<MapProps>>(() =>
  import('./facility-map.tsx').catch(() => ({
    default: function ChunkFailed({ onFail }: MapProps) {
      useEffect(onFail, [onFail]);
      return null;
    },
  })),
);

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The map container; Leaflet is fetched only once the container scrolls into view. Without a connection, or when
 * no tile arrives, the address and a link take the map's place (never an empty grey box).
 */
export function LazyMap({ lat, lng, name, address }: Omit<MapProps, 'onFail'>) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  // Online at first, as the server renders it; an effect finds out (the browser may have gone offline before the
  // app took over the server's markup).
  const [failed, setFailed] = useState(false);
  const [onFail] = useState(() => () => setFailed(true));
  useEffect(() => {
    const el = ref.current;
    if (!el || failed) return;
    if (offline()) {
      setFailed(true);
      return;
    }
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setVisible(true);
        io.disconnect();
      }
    });
    io.observe(el);
    return () => io.disconnect();
  }, [failed]);
  return (
    <div
      ref={ref}
      className={failed ? undefined : styles.map}
      role="region"
      aria-label={`Map of ${name}`}
      data-testid="facility-map"
    >
      {failed ? (
        <MapFallback lat={lat} lng={lng} address={address} />
      ) : (
        visible && (
          <Suspense fallback={null}>
            <FacilityMap lat={lat} lng={lng} name={name} address={address} onFail={onFail} />
          </Suspense>
        )
      )}
    </div>
  );
}
