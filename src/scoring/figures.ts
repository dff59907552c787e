/** Figures as every report and regression message prints them: two decimals, signed deltas. */
export const f2 = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '-');
export const signed = (x: number): string => `${x > 0 ? '+' : x < 0 ? '' : '±'}${f2(x)}`;
