/**
 * Sums of money in whole kopecks: a part's price may have kopecks ('1 250,50'), and binary
 * fractions do not add up exactly (247.32 + 404.38 + 1448.62 + 1230.11 + 1669.57 is
 * 4999.999999999999 in floating point, under the 5 000 ₽ of free delivery).
 */
export const kopecks = (rub: number) => Math.round(rub * 100);
