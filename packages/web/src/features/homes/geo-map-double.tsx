// A stand-in for the Leaflet map in the home details tests: it shows what the page passes to
// the map and picks one fixed point.
export const GeoMap = (p: {
  zoom: number;
  range: number;
  marker?: { lat: number; lon: number };
  onPick: (at: { lat: number; lon: number }) => void;
}) => (
  <div
    data-testid="map"
    data-zoom={p.zoom}
    data-range={p.range}
    data-marker={p.marker ? `${p.marker.lat},${p.marker.lon}` : 'none'}
  >
    <button type="button" onClick={() => p.onPick({ lat: 41, lon: 2 })}>
      Pick
    </button>
  </div>
);
