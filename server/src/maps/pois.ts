// Points of interest of a region pack (its place index) grouped into the categories the AI chat
// and the heatmap use. Kinds are OSM values as the pack's place index names them.
import type { PoiCategory } from '@waymark/contracts/ai';
import type { HeatmapPoiCategory } from '@waymark/contracts/maps';

export const POI_KINDS: Record<PoiCategory, string[]> = {
  water: ['drinking_water', 'fountain', 'spring', 'water_point', 'watering_place'],
  toilets: ['toilets'],
  peaks: ['peak', 'volcano'],
  cafes: ['cafe', 'ice_cream'],
  restaurants: ['restaurant', 'fast_food', 'bar', 'pub', 'food_court', 'biergarten'],
  shelters: ['shelter', 'alpine_hut', 'wilderness_hut'],
  parking: ['parking'],
  viewpoints: ['viewpoint'],
};

/** Place-index kinds that are not points of interest: settlements, streets, areas, water. */
const NOT_POI = new Set([
  'country',
  'state',
  'region',
  'city',
  'town',
  'village',
  'hamlet',
  'suburb',
  'quarter',
  'neighbourhood',
  'locality',
  'isolated_dwelling',
  'street',
  'path',
  'pedestrian',
  'lake',
  'reservoir',
  'river',
  'residential',
  'industrial',
  'commercial',
  'retail',
  'farmland',
  'forest',
  'wood',
  'park',
  'garden',
  'nature_reserve',
  'grass',
  'meadow',
  'cemetery',
]);

export const HEATMAP_KINDS: Record<Exclude<HeatmapPoiCategory, 'all'>, string[]> = {
  food: [...POI_KINDS.cafes, ...POI_KINDS.restaurants],
  water: POI_KINDS.water,
  toilets: POI_KINDS.toilets,
  peaks: POI_KINDS.peaks,
  shelters: POI_KINDS.shelters,
  parking: POI_KINDS.parking,
  sights: [
    'viewpoint',
    'attraction',
    'museum',
    'artwork',
    'monument',
    'castle',
    'ruins',
    'zoo',
    'theme_park',
    'gallery',
    'information',
    'place_of_worship',
  ],
  lodging: ['hotel', 'hostel', 'guest_house', 'motel', 'apartment', 'camp_site', 'alpine_hut', 'chalet'],
};

/** Does a place of this kind belong to the heatmap category? */
export function inHeatmapCategory(kind: string, category: HeatmapPoiCategory): boolean {
  if (category === 'all') return !NOT_POI.has(kind);
  return HEATMAP_KINDS[category].includes(kind);
}
