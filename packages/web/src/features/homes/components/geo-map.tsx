import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import {
  Circle,
  MapContainer,
  Marker,
  TileLayer,
  ZoomControl,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import 'leaflet/dist/leaflet.css';

// docs/stack-notes.md 7: the default marker icon path breaks in a production build.
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
  /** Whether the user may choose the position (an owner): keyboard picking and its hint. */
  pickable?: boolean;
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

/**
 * A click picks a point; a keyboard user moves the map with the arrow keys (Leaflet's own) and
 * presses Enter or Space on it to pick its centre.
 */
function KeyboardPicker({ onPick }: { onPick: (at: LatLon) => void }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const onKey = (e: KeyboardEvent) => {
      if (e.target !== container || (e.key !== 'Enter' && e.key !== ' ')) return;
      e.preventDefault();
      const at = map.getCenter();
      onPick({ lat: at.lat, lon: at.lng });
    };
    container.addEventListener('keydown', onKey);
    return () => container.removeEventListener('keydown', onKey);
  }, [map, onPick]);
  return null;
}

const tileUrl = import.meta.env.VITE_MAP_TILE_URL ?? '';

/** Spec 2 §2 geolocation map; without a tile URL it still shows the marker and the range. */
export function GeoMap(props: GeoMapProps) {
  const { center, zoom, marker, area, range, label, onPick, pickable = true } = props;
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <div
      role="application"
      aria-label={label}
      aria-describedby={pickable ? hintId : undefined}
      data-testid="home-map"
    >
      {pickable && (
        <p id={hintId} className="visually-hidden">
          {t('homes.geo.mapKeys')}
        </p>
      )}
      {/* Leaflet's own zoom buttons and marker are named in English: these are the user's. */}
      <MapContainer
        center={[center.lat, center.lon]}
        zoom={zoom}
        zoomControl={false}
        className="home-map"
      >
        {tileUrl !== '' && <TileLayer url={tileUrl} />}
        <ZoomControl zoomInTitle={t('homes.geo.zoomIn')} zoomOutTitle={t('homes.geo.zoomOut')} />
        <View center={center} zoom={zoom} />
        <Picker onPick={onPick} />
        {pickable && <KeyboardPicker onPick={onPick} />}
        {marker && (
          <Marker
            position={[marker.lat, marker.lon]}
            alt={t('homes.geo.marker')}
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
