import type { CSSProperties } from 'react';

// The chart's looks travel with the mood screen's lazy chunk as inline styles (set through the CSSOM, which the
// page's style-src 'self' allows) instead of in the app's one stylesheet, which every first page loads; the print
// rules likewise (use-print-sheet.ts). Colours are the theme's variables, so the dark theme and print follow.
export const CHART_STYLE = {
  ranges: { display: 'flex', flexWrap: 'wrap', gap: '0.5rem', marginBottom: '0.75rem' },
  range: { minHeight: 48 },
  summaryLine: { margin: '0 0 0.25rem' },
  frame: { display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '0.5rem', marginTop: '0.75rem' },
  level: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    fontSize: '0.8rem',
    lineHeight: 1.1,
    color: 'var(--color-muted)',
    textAlign: 'right',
    maxWidth: '6.5rem',
  },
  // Room for the points and their focus mark at both ends; the axis words stay inside the drawing.
  plot: { padding: '0 0.6rem' },
  svg: { display: 'block', overflow: 'visible' },
  grid: { stroke: 'var(--color-border)', strokeWidth: 1 },
  line: { stroke: 'var(--color-primary)', strokeWidth: 2, strokeLinecap: 'round' },
  incident: { stroke: 'var(--color-danger)', strokeWidth: 2, strokeDasharray: '4 4' },
  point: { fill: 'var(--color-primary)', stroke: 'var(--color-surface)', strokeWidth: 2, cursor: 'pointer' },
  pointActive: { fill: 'var(--color-accent)', stroke: 'var(--focus-color)', strokeWidth: 3, cursor: 'pointer' },
  axis: { fill: 'var(--color-muted)', fontSize: '0.75rem' },
  readout: { margin: '0.5rem 0 0', minHeight: '1.5em', color: 'var(--color-muted)' },
  table: { borderCollapse: 'collapse' },
  caption: { textAlign: 'left', fontWeight: 600, paddingBottom: '0.25rem' },
  cell: { textAlign: 'left', padding: '0.2rem 0.75rem 0.2rem 0', borderBottom: '1px solid #999' },
} satisfies Record<string, CSSProperties>;
