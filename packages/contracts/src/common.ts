import { z } from 'zod';

/** Building blocks shared by several API areas. */

export const lon = z.number({ message: 'a longitude in degrees' }).min(-180).max(180);
export const lat = z.number({ message: 'a latitude in degrees' }).min(-90).max(90);
/** `[lon, lat]` as sent by clients: finite, in range. */
export const lonLat = z.tuple([z.number().finite().min(-180).max(180), z.number().finite().min(-90).max(90)]);
/** `[lon, lat]` as answered by the server (no range check: it computed them). */
export const position2 = z.tuple([z.number(), z.number()]);
/** `[lon, lat, elevation]` as answered by the server. */
export const position3 = z.tuple([z.number(), z.number(), z.number()]);
export const bbox = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/** A region pack's name as used in API paths and bodies. */
export const regionName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'a region name such as "andorra"');

/** An ISO 8601 timestamp as the server writes it (`Date#toISOString`). */
export const timestamp = z.string();

/** `{ id }` path parameter holding a UUID. */
export const idParam = (what = 'an id') => z.object({ id: z.uuid({ message: `${what} (UUID)` }) });
