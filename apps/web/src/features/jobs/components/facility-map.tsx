import { useEffect, useRef } from 'react';
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { MAP_ZOOM } from '@hcp/contracts';
import { agency } from '../../../config/agency.ts';

/** Leaflet map of the facility at zoom 18 from its stored coordinates (this module is loaded only when shown). */
export default function FacilityMap({ lat, lng, name }: { lat: number; lng: number; name: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const map = L.map(ref.current, { scrollWheelZoom: false }).setView([lat, lng], MAP_ZOOM);
    L.tileLayer(agency.mapTileUrl, { attribution: agency.mapAttribution, maxZoom: 19 }).addTo(map);
    L.circleMarker([lat, lng], { radius: 10, color: '#0f5c66', fillColor: '#0f5c66', fillOpacity: 0.6 })
      .addTo(map)
      .bindTooltip(name);
    return () => {
      map.remove();
    };
  }, [lat, lng, name]);
  return <div ref={ref} style={{ height: '100%', width: '100%' }} />;
}
