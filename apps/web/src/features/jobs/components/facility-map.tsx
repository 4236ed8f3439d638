import { useEffect, useRef } from 'react';
import leafletCss from 'leaflet/dist/leaflet.css?inline';
import L from 'leaflet';
import { MAP_ZOOM } from '@hcp/contracts';
import { agency } from '../../../config/agency.ts';

// The app's CSS is one stylesheet every page loads first; Leaflet's comes with the map, the one place it is used.
const leafletStyle = document.createElement('style');
leafletStyle.textContent = leafletCss;
document.head.append(leafletStyle);

export interface MapProps {
  lat: number;
  lng: number;
  name: string;
  /** The facility's address as one line: what the page shows when the map cannot be drawn. */
  address: string;
  /** Called when the map cannot be drawn (no tiles arrive: offline, or the tile server refuses). */
  onFail: () => void;
}

/**
 * Leaflet map of the facility at zoom 18 from its stored coordinates (this module is loaded only when shown). When
 * no tile of the view loads (offline, a refusing tile server), the container shows the address instead.
 */
export default function FacilityMap({ lat, lng, name, onFail }: MapProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const map = L.map(ref.current, { scrollWheelZoom: false }).setView([lat, lng], MAP_ZOOM);
    // Once every tile of the view has settled ('load'), a view of failed tiles only is no map: the address is
    // shown instead. A few failed tiles among loaded ones leave the map as it is.
    let loaded = 0;
    let failed = 0;
    L.tileLayer(agency.mapTileUrl, { attribution: agency.mapAttribution, maxZoom: 19 })
      .on('tileload', () => {
        loaded += 1;
      })
      .on('tileerror', () => {
        failed += 1;
      })
      .on('load', () => {
        if (loaded === 0 && failed > 0) onFail();
      })
      .addTo(map);
    L.circleMarker([lat, lng], { radius: 10, color: '#0f5c66', fillColor: '#0f5c66', fillOpacity: 0.6 })
      .addTo(map)
      .bindTooltip(name);
    return () => {
      map.remove();
    };
  }, [lat, lng, name, onFail]);
  return <div ref={ref} style={{ height: '100%', width: '100%' }} />;
}
