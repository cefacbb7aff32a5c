// `npm run bench:sanitise`: milliseconds stripMarkup takes on a 32 KB body (the API's body
// limit) of plain text and of adversarial markup, next to the regular expressions it replaced.
import { stripMarkup } from '../engine/sanitise';

/** The expressions stripMarkup used before its single pass, kept here only for comparison. */
const regexStrip = (text: string) =>
  text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .replace(/<[!?/]?[a-zA-Z][^<>]*>/g, ' ');

const SIZE = 32 * 1024;
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
const bodies: Record<string, string> = {
  'plain text': fill('The form was clear and quick to fill in. '),
  "'<script ' repeated": fill('<script '),
  "'<!--<script>' repeated": fill('<!--<script>'),
  "'<a' repeated": fill('<a'),
};

/** Median of several runs, in ms. */
function time(strip: (text: string) => string, text: string): number {
  const runs = Array.from({ length: 9 }, () => {
    const started = performance.now();
    strip(text);
    return performance.now() - started;
  });
  return runs.sort((a, b) => a - b)[4]!;
}

console.log('body (32 KB)               regex (before)   single pass (now)');
for (const [name, text] of Object.entries(bodies)) {
  const before = time(regexStrip, text).toFixed(2).padStart(10);
  const now = time(stripMarkup, text).toFixed(2).padStart(14);
  console.log(`${name.padEnd(26)} ${before} ms ${now} ms`);
}
