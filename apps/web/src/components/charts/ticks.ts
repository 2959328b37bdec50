/**
 * Round axis ticks (issue 29.13): from 0 (or below, for negative values) to at least the largest
 * value, in equal steps of 1, 2 or 5 × 10^n, about `count` of them. Recharts' own ticks for 0-0.6
 * were 0, 0.15, 0.3, 0.45, 0.6, which a one-decimal axis printed as 0, 0.2, 0.3, 0.5, 0.6.
 */
export function niceTicks(values: number[], { count = 5, whole = false } = {}): number[] {
  const finite = values.filter(Number.isFinite);
  const max = Math.max(0, ...finite);
  const min = Math.min(0, ...finite);
  const span = max - min;
  if (span === 0) return [0, 1];
  const rough = span / (count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  if (whole) step = Math.max(1, Math.round(step));
  // the step's own decimals: 0.2 * 3 is 0.6000000000000001 in floating point
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const round = (n: number) => Number(n.toFixed(decimals));
  // a hair of tolerance: 0.6 / 0.2 is 2.9999999999999996, and 3 steps reach 0.6
  const from = Math.floor(min / step + 1e-9);
  const to = Math.ceil(max / step - 1e-9);
  return Array.from({ length: to - from + 1 }, (_, i) => round((from + i) * step));
}

/** How many decimals a tick label needs to tell the ticks apart (0.2 steps need one, 0.05 two). */
export function tickDecimals(ticks: number[]): number {
  const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : 1;
  return Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
}
