// A figure table as a CSV download: the page's own headers and cells, in the page's language.
// Every text cell is kept as text by a spreadsheet (./export.ts's spreadsheetSafe); a figure is
// written as a number (a negative NPS stays a number, not text).
import type { FastifyReply } from 'fastify';
import { csvTable } from '../csv';
import { spreadsheetSafe } from './export';

/** Sends `rows` under `header` as `name`.csv. */
export function sendCsv(
  reply: FastifyReply,
  name: string,
  header: string[],
  rows: (string | number)[][],
): FastifyReply {
  const safe = (cell: string | number) =>
    typeof cell === 'number' ? String(cell) : spreadsheetSafe(cell);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .send(
      csvTable(
        header.map(safe),
        rows.map((row) => row.map(safe)),
      ),
    );
}

/** A share as percent rounded to one decimal, for a spreadsheet (0.4 is 40). */
export const percentCell = (share: number) => Math.round(share * 1000) / 10;

/** An NPS (or another figure in points) rounded to one decimal. */
export const pointsCell = (points: number) => Math.round(points * 10) / 10;
