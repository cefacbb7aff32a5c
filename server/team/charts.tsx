// Charts as server-rendered SVG in GOV.UK colours. Each is an image with a text alternative;
// the same figures are always in a table beside it for screen readers and copying.
const BLUE = '#1d70b8';
const TEXT = '#0b0c0c';
const GREY = '#b1b4b6';

export interface ChartBar {
  label: string;
  value: number;
  /** What is written at the end of the bar, e.g. "12 (40%)". */
  note: string;
}

/** Horizontal bars, one row per option, in the order given. */
export function BarChart(props: { id: string; title: string; bars: ChartBar[] }) {
  const row = 32;
  const labelWidth = 260;
  const barWidth = 360;
  const max = Math.max(1, ...props.bars.map((b) => b.value));
  const height = props.bars.length * row + 8;
  const alt = props.bars.map((b) => `${b.label}: ${b.note}`).join('; ');
  return (
    <svg
      role="img"
      aria-labelledby={`${props.id}-title ${props.id}-desc`}
      viewBox={`0 0 ${labelWidth + barWidth + 110} ${height}`}
      width="100%"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={`${props.id}-title`}>{props.title}</title>
      <desc id={`${props.id}-desc`}>{alt}</desc>
      {props.bars.map((b, i) => {
        const y = i * row + 4;
        const w = Math.round((b.value / max) * barWidth);
        return (
          <g key={i}>
            <text x={labelWidth - 8} y={y + 19} textAnchor="end" fontSize="14" fill={TEXT}>
              {b.label.length > 36 ? `${b.label.slice(0, 35)}…` : b.label}
            </text>
            <rect
              x={labelWidth}
              y={y + 4}
              width={barWidth}
              height={row - 10}
              fill="none"
              stroke={GREY}
            />
            <rect x={labelWidth} y={y + 4} width={w} height={row - 10} fill={BLUE} />
            <text x={labelWidth + barWidth + 8} y={y + 19} fontSize="14" fill={TEXT}>
              {b.note}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Columns over time, oldest on the left. */
export function ColumnChart(props: {
  id: string;
  title: string;
  columns: { label: string; value: number }[];
}) {
  const width = 640;
  const height = 180;
  const base = 150;
  const max = Math.max(1, ...props.columns.map((c) => c.value));
  const step = width / Math.max(1, props.columns.length);
  const alt = props.columns.map((c) => `${c.label}: ${c.value}`).join('; ');
  return (
    <svg
      role="img"
      aria-labelledby={`${props.id}-title ${props.id}-desc`}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={`${props.id}-title`}>{props.title}</title>
      <desc id={`${props.id}-desc`}>{alt}</desc>
      <line x1="0" y1={base} x2={width} y2={base} stroke={TEXT} />
      {props.columns.map((c, i) => {
        const h = Math.round((c.value / max) * (base - 20));
        const x = i * step + step * 0.15;
        return (
          <g key={i}>
            <rect x={x} y={base - h} width={step * 0.7} height={h} fill={BLUE} />
            <text
              x={x + step * 0.35}
              y={base - h - 4}
              textAnchor="middle"
              fontSize="12"
              fill={TEXT}
            >
              {c.value}
            </text>
            <text x={x + step * 0.35} y={base + 16} textAnchor="middle" fontSize="11" fill={TEXT}>
              {c.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
