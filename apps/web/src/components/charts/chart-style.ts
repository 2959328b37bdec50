/** The look every chart shares (grid, axes, tooltip box, legend), read from the theme's variables. */
export const GRID = { vertical: false, stroke: 'var(--line)' } as const;
export const X_AXIS = {
  dataKey: 'label',
  tickLine: false,
  axisLine: false,
  tick: { fill: 'var(--muted)', fontSize: 12 },
  minTickGap: 12,
} as const;
export const Y_AXIS = {
  tickLine: false,
  axisLine: false,
  tick: { fill: 'var(--muted)', fontSize: 12 },
} as const;
export const TOOLTIP_BOX = {
  background: 'var(--surface)',
  border: '1px solid var(--line)',
  borderRadius: 8,
  color: 'var(--fg)',
} as const;
export const LEGEND_STYLE = { fontSize: 12, color: 'var(--muted)' } as const;
