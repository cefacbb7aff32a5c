// Charts as server-rendered SVG in GOV.UK colours. Each is an image with a text alternative;
// the same figures are always in a table beside it for screen readers and copying.
//
// Sized for a phone first: 400 units wide, drawn at most 400 px wide (class app-chart) and
// shrunk to the column on a narrow screen, so 16-unit text stays at least 13 px at 375 px.
// Bar labels wrap onto lines of their own above the bar; a trend names at most a few weeks.
import { BLUE, ChartFrame, FONT, TEXT, WIDTH } from './chart-frame';
import { formatUk, type UiLang } from './text';

const GREY = '#b1b4b6';
const WHITE = '#ffffff';

const LINE = 20;
/** Characters of a label per line at 16 units (Arial averages about 0.5 em a character). */
const LINE_CHARS = 44;
/** Week labels under a trend, at most: each needs about 50 units. */
const MAX_AXIS_LABELS = 5;
/** Columns narrower than this carry no figure above them (the table has it). */
const MIN_VALUE_SLOT = 56;

/** The words of `text` in lines of at most `max` characters (a longer word gets a line of its own). */
export function wrap(text: string, max = LINE_CHARS): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= max)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length ? lines : [''];
}

/** Which of `n` columns carry a label: the first, the last, and evenly spaced ones between. */
export function labelled(n: number, max = MAX_AXIS_LABELS): Set<number> {
  if (n <= max) return new Set(Array.from({ length: n }, (_, i) => i));
  const every = Math.ceil((n - 1) / (max - 1));
  const shown = new Set<number>();
  for (let i = 0; i < n - 1; i += every) shown.add(i);
  // The last column is named; one too close to it makes way.
  for (const i of shown) if (i !== 0 && n - 1 - i < every / 2) shown.delete(i);
  shown.add(n - 1);
  return shown;
}

export const axisDate = (lang: UiLang, d: Date) => formatUk(lang, d, 'axisDay');

export interface ChartBar {
  label: string;
  value: number;
  /** What is written at the end of the bar, e.g. "12 (40%)". */
  note: string;
}

/** Horizontal bars, one per option in the order given, each under its (wrapped) label. */
export function BarChart(props: { id: string; title: string; bars: ChartBar[] }) {
  const noteWidth = 120;
  const barWidth = WIDTH - noteWidth;
  const barHeight = 22;
  const max = Math.max(1, ...props.bars.map((b) => b.value));
  const alt = props.bars.map((b) => `${b.label}: ${b.note}`).join('; ');
  let y = 4;
  const rows = props.bars.map((b, i) => {
    const lines = wrap(b.label);
    const top = y;
    const barTop = top + lines.length * LINE + 4;
    y = barTop + barHeight + 12;
    const w = Math.round((b.value / max) * barWidth);
    return (
      <g key={i}>
        <text x={0} y={top + FONT} fontSize={FONT} fill={TEXT}>
          {lines.map((line, j) => (
            <tspan key={j} x={0} dy={j === 0 ? 0 : LINE}>
              {line}
            </tspan>
          ))}
        </text>
        <rect x={0} y={barTop} width={barWidth} height={barHeight} fill="none" stroke={GREY} />
        <rect x={0} y={barTop} width={w} height={barHeight} fill={BLUE} />
        <text x={barWidth + 8} y={barTop + FONT} fontSize={FONT} fill={TEXT}>
          {b.note}
        </text>
      </g>
    );
  });
  return (
    <ChartFrame id={props.id} title={props.title} alt={alt} height={y}>
      {rows}
    </ChartFrame>
  );
}

/**
 * Columns over time, oldest on the left. A `partial` column (a week the chosen dates cut) is
 * drawn as a dashed outline and named with `partialNote` in the text alternative.
 */
export function ColumnChart(props: {
  id: string;
  title: string;
  /** `notes`: the numbers of the team's dated notes in the column's week, marked above it. */
  columns: { label: string; value: number; partial?: boolean; notes?: number[] }[];
  partialNote?: string;
  /** A note's name in the text alternative ("Note 1"). */
  noteName?: (n: number) => string;
}) {
  const height = 190;
  const base = 150;
  const side = 28;
  const max = Math.max(1, ...props.columns.map((c) => c.value));
  const step = (WIDTH - 2 * side) / Math.max(1, props.columns.length);
  const named = labelled(props.columns.length);
  const alt = props.columns
    .map(
      (c) =>
        `${c.label}${c.partial ? ` (${props.partialNote})` : ''}: ${c.value}${
          c.notes?.length && props.noteName ? ` (${c.notes.map(props.noteName).join(', ')})` : ''
        }`,
    )
    .join('; ');
  return (
    <ChartFrame id={props.id} title={props.title} alt={alt} height={height}>
      <line x1="0" y1={base} x2={WIDTH} y2={base} stroke={TEXT} />
      {props.columns.map((c, i) => {
        const h = Math.round((c.value / max) * (base - 28));
        const x = side + i * step + step * 0.15;
        const middle = x + step * 0.35;
        return (
          <g key={i}>
            {!!c.notes?.length && (
              <>
                <line
                  x1={middle}
                  y1={14}
                  x2={middle}
                  y2={base}
                  stroke={TEXT}
                  strokeDasharray="3 3"
                />
                <text x={middle + 4} y={14} fontSize={FONT} fill={TEXT}>
                  {c.notes.join(',')}
                </text>
              </>
            )}
            {c.partial ? (
              <rect
                x={x}
                y={base - h}
                width={step * 0.7}
                height={h}
                fill={WHITE}
                stroke={BLUE}
                strokeWidth="2"
                strokeDasharray="4 3"
              />
            ) : (
              <rect x={x} y={base - h} width={step * 0.7} height={h} fill={BLUE} />
            )}
            {step >= MIN_VALUE_SLOT && (
              <text x={middle} y={base - h - 6} textAnchor="middle" fontSize={FONT} fill={TEXT}>
                {c.value}
              </text>
            )}
            {named.has(i) && (
              <text x={middle} y={base + 24} textAnchor="middle" fontSize={FONT} fill={TEXT}>
                {c.label}
              </text>
            )}
          </g>
        );
      })}
    </ChartFrame>
  );
}
