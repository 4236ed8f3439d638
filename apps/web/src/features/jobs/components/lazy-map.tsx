import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import styles from './job-details.module.css';

const FacilityMap = lazy(() => import('./facility-map.tsx'));

/** The map container; Leaflet is fetched only once the container scrolls into view. */
export function LazyMap({ lat, lng, name }: { lat: number; lng: number; name: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
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
  }, []);
  return (
    <div ref={ref} className={styles.map} role="region" aria-label={`Map of ${name}`} data-testid="facility-map">
      {visible && (
        <Suspense fallback={null}>
          <FacilityMap lat={lat} lng={lng} name={name} />
        </Suspense>
      )}
    </div>
  );
}
