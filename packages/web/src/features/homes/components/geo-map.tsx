import { useEffect } from 'react';
import L from 'leaflet';
import { Circle, MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import 'leaflet/dist/leaflet.css';

// STACK-NOTES 7: the default marker icon path breaks in a production build.
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl, imagePath: '' });

export interface LatLon {
  lat: number;
  lon: number;
}

export interface GeoMapProps {
  center: LatLon;
  zoom: number;
  /** The save-position marker; none hides it. */
  marker: LatLon | undefined;
  /** Centre of the range circle: the home position, saved or being chosen. */
  area: LatLon;
  range: number;
  label: string;
  onPick: (at: LatLon) => void;
}

/** Keeps the view on the chosen centre and zoom when they change. */
function View({ center, zoom }: { center: LatLon; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([center.lat, center.lon], zoom);
  }, [map, center.lat, center.lon, zoom]);
  return null;
}

function Picker({ onPick }: { onPick: (at: LatLon) => void }) {
  useMapEvents({ click: (e) => onPick({ lat: e.latlng.lat, lon: e.latlng.lng }) });
  return null;
}

const tileUrl = import.meta.env.VITE_MAP_TILE_URL ?? '';

/** Spec 2 §2 geolocation map; without a tile URL it still shows the marker and the range. */
export function GeoMap({ center, zoom, marker, area, range, label, onPick }: GeoMapProps) {
  return (
    <div role="application" aria-label={label} data-testid="home-map">
      <MapContainer center={[center.lat, center.lon]} zoom={zoom} className="home-map">
        {tileUrl !== '' && <TileLayer url={tileUrl} />}
        <View center={center} zoom={zoom} />
        <Picker onPick={onPick} />
        {marker && (
          <Marker
            position={[marker.lat, marker.lon]}
            draggable
            eventHandlers={{
              dragend: (e) => {
                const at = (e.target as L.Marker).getLatLng();
                onPick({ lat: at.lat, lon: at.lng });
              },
            }}
          />
        )}
        <Circle center={[area.lat, area.lon]} radius={range} />
      </MapContainer>
    </div>
  );
}
