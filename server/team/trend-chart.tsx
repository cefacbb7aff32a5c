// A score over time as server-rendered SVG: a point for each week or month with its 95% interval
// as a line, and numbered markers where the team's dated notes fall. An image with a text
// alternative; the same figures and the notes' text are in the table beside it.
import { BLUE, ChartFrame, FONT, TEXT, WIDTH } from './chart-frame';
import { labelled } from './charts';

const GREY = '#505a5f';

export interface ScorePoint {
  label: string;
  /** Undefined for a period without answers (no point drawn). */
  score?: number;
  low?: number;
  high?: number;
  /** The numbers of the notes in this period. */
  notes: number[];
}

/**
 * Points over time, oldest on the left, on a scale from `min` to `max` (0 to 100 for a share,
 * −100 to 100 for NPS); `alt` is the text alternative (figures and notes in words).
 */
export function ScoreChart(props: {
  id: string;
  title: string;
  alt: string;
  min: number;
  max: number;
  points: ScorePoint[];
}) {
  const height = 210;
  const top = 30;
  const base = 170;
  const side = 40;
  const step = (WIDTH - 2 * side) / Math.max(1, props.points.length);
  const y = (v: number) =>
    Math.round(base - ((v - props.min) / (props.max - props.min)) * (base - top));
  const named = labelled(props.points.length);
  return (
    <ChartFrame id={props.id} title={props.title} alt={props.alt} height={height}>
      <line x1="0" y1={base} x2={WIDTH} y2={base} stroke={TEXT} />
      <text x={0} y={y(props.max) + 5} fontSize={FONT} fill={TEXT}>
        {props.max}
      </text>
      <text x={0} y={y(props.min) - 4} fontSize={FONT} fill={TEXT}>
        {props.min}
      </text>
      {props.points.map((p, i) => {
        const middle = side + i * step + step / 2;
        return (
          <g key={i}>
            {p.notes.length > 0 && (
              <>
                <line
                  x1={middle}
                  y1={top - 6}
                  x2={middle}
                  y2={base}
                  stroke={GREY}
                  strokeDasharray="3 3"
                />
                <text x={middle} y={top - 10} textAnchor="middle" fontSize={FONT} fill={TEXT}>
                  {p.notes.join(',')}
                </text>
              </>
            )}
            {p.score !== undefined && p.low !== undefined && p.high !== undefined && (
              <>
                <line
                  x1={middle}
                  y1={y(p.low)}
                  x2={middle}
                  y2={y(p.high)}
                  stroke={BLUE}
                  strokeWidth="3"
                />
                <circle cx={middle} cy={y(p.score)} r="5" fill={BLUE} />
              </>
            )}
            {named.has(i) && (
              <text x={middle} y={base + 24} textAnchor="middle" fontSize={FONT} fill={TEXT}>
                {p.label}
              </text>
            )}
          </g>
        );
      })}
    </ChartFrame>
  );
}
