import type { ProjectSummary } from '@waymark/contracts';
import type { Map as MlMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { RegionMap, fetchRegions } from '@/components/map';

/** The region pack whose area holds a point (else the first region). */
function regionFor(regions: { name: string; bbox: [number, number, number, number] }[], lon: number, lat: number): string | null {
  const hit = regions.find((r) => lon >= r.bbox[0] && lon <= r.bbox[2] && lat >= r.bbox[1] && lat <= r.bbox[3]);
  return hit?.name ?? regions[0]?.name ?? null;
}

/**
 * The project's map area: the region map framed on the project's location, its area outlined.
 * The map editor fills this area with its drawing tools.
 */
export function ProjectMap({ project }: { project: ProjectSummary }) {
  const loc = project.location;
  const [region, setRegion] = useState<string | null>(null);
  useEffect(() => {
    fetchRegions()
      .then((rs) => setRegion(loc ? regionFor(rs, loc.center.lon, loc.center.lat) : (rs[0]?.name ?? null)))
      .catch(() => setRegion('andorra'));
  }, [loc]);
  const onLoad = (map: MlMap) => {
    if (!loc?.bbox) return;
    const [w, s, e, n] = loc.bbox;
    map.addSource('project-area', {
      type: 'geojson',
      data: {
        type: 'Feature',
        properties: {},
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [w, s],
              [e, s],
              [e, n],
              [w, n],
              [w, s],
            ],
          ],
        },
      },
    });
    map.addLayer({
      id: 'project-area-fill',
      type: 'fill',
      source: 'project-area',
      paint: { 'fill-color': '#e11d48', 'fill-opacity': 0.06 },
    });
    map.addLayer({
      id: 'project-area-line',
      type: 'line',
      source: 'project-area',
      paint: { 'line-color': '#e11d48', 'line-width': 2, 'line-dasharray': [2, 1] },
    });
    map.fitBounds([w, s, e, n], { padding: 24, duration: 0 });
  };
  if (!region)
    return (
      <div className="bg-muted h-full w-full animate-pulse" aria-busy="true">
        <span className="sr-only">Loading map</span>
      </div>
    );
  return (
    <RegionMap
      key={`${region}-${project.id}`}
      region={region}
      className="h-full w-full"
      ariaLabel={`Map of ${project.name}${loc?.placeName ? `, ${loc.placeName}` : ''}`}
      initialView={loc ? { center: [loc.center.lon, loc.center.lat], zoom: loc.zoom } : undefined}
      onLoad={onLoad}
    />
  );
}
