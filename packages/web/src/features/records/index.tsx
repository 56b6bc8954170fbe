import { lazy, Suspense } from 'react';

// ECharts is the app's heaviest dependency: the records screens load it on first visit only.
const LazyNode = lazy(() =>
  import('./records-pages').then((m) => ({ default: m.NodeRecordsPage })),
);
const LazyHome = lazy(() =>
  import('./records-pages').then((m) => ({ default: m.HomeRecordsPage })),
);

export function NodeRecordsPage() {
  return (
    <Suspense fallback={null}>
      <LazyNode />
    </Suspense>
  );
}

export function HomeRecordsPage() {
  return (
    <Suspense fallback={null}>
      <LazyHome />
    </Suspense>
  );
}
