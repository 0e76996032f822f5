/**
 * The models of the fixed catalogue (app/data/trucks.ts) by slug, apart from it so the dealer's
 * content (app/content) can name each model without pulling the catalogue into every page.
 */
export const TRUCK_SLUGS = [
  "faw-j7-6x4-460",
  "faw-j7-4x2-460",
  "faw-j6p-6x4-420",
  "faw-j6p-4x2-420",
  "faw-j6p-6x4-lng",
  "faw-j6l-4x2-350",
  "faw-j7-6x4-550",
  "avtobetonosmesitel-j6p-6x4",
  "avtobetononasos-j6p-37m",
  "kran-manipulyator-j6p-6x4",
  "multilift-j6p-6x4-20t",
  "multilift-j6p-8x4-30t",
  "lesovoz-j6p-6x6",
  "samosval-j6p-6x4",
  "samosval-j6p-8x4",
  "samosval-j6p-6x6",
] as const;

export type TruckSlug = (typeof TRUCK_SLUGS)[number];
