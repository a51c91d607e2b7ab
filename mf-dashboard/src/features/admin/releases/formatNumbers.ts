/** The Releases screen's numbers, written alike in every table and sentence. */
export const count = (value: number) => value.toLocaleString('en-US');

/** A ratio (0–1) as a percentage with one decimal: "20.0 %"; "—" with nothing to divide by. */
export const percent = (ratio: number | null) => (ratio === null ? '—' : `${(ratio * 100).toFixed(1)} %`);

export const ms = (value: number | null) => (value === null ? '—' : `${count(Math.round(value))} ms`);
