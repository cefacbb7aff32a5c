// What every team chart shares: the SVG image (400 units wide, class app-chart, see charts.tsx)
// named by its title and described by its text alternative, and the GOV.UK colours and sizes the
// marks inside it use.
import type { ReactNode } from 'react';

export const BLUE = '#1d70b8';
export const TEXT = '#0b0c0c';
export const WIDTH = 400;
export const FONT = 16;

/** An SVG chart `height` units high: an image whose name is `title` and description `alt`. */
export function ChartFrame(props: {
  id: string;
  title: string;
  alt: string;
  height: number;
  children: ReactNode;
}) {
  return (
    <svg
      role="img"
      aria-labelledby={`${props.id}-title ${props.id}-desc`}
      viewBox={`0 0 ${WIDTH} ${props.height}`}
      width={WIDTH}
      height={props.height}
      className="app-chart"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={`${props.id}-title`}>{props.title}</title>
      <desc id={`${props.id}-desc`}>{props.alt}</desc>
      {props.children}
    </svg>
  );
}
