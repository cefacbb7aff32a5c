// RFC 4180 CSV writing, shared by the team's export and the command-line exports (scripts/).

export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** CRLF lines, quoted where needed; a byte order mark so spreadsheet programs read the Welsh accents as UTF-8. */
export function csvTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvField).join(','));
  return '\uFEFF' + lines.map((line) => line + '\r\n').join('');
}

/** One CRLF-ended line, quoted where needed. */
export const csvLine = (cells: readonly string[]) => cells.map(csvField).join(',') + '\r\n';
