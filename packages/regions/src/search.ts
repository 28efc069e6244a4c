// Place search over a pack's places.json: the pure implementation lives in @waymark/geo (places.ts)
// so the browser can search the same index offline; re-exported here for the server.
export {
  editDistance,
  indexPlaces,
  normalizeName,
  searchPlaces,
  type IndexedPlace,
  type PlaceHit,
  type PlaceSearchOptions,
} from '@waymark/geo';
