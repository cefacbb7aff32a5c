import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { collapseWhitespace, foldAccents, sanitiseText, stripMarkup } from '../../engine/sanitise';
import { shared } from './fixtures';

const TEXT = shared.patterns.text!;
const NAME = shared.patterns.name!;
const EMAIL = shared.patterns.email!;

describe('foldAccents', () => {
  it('turns accented letters into plain letters', () => {
    expect(foldAccents('Gwasanaeth ŵyr café')).toBe('Gwasanaeth wyr cafe');
    expect(foldAccents('ÂÊÎÔÛŴŶ âêîôûŵŷ ïë naïve Zoë')).toBe('AEIOUWY aeiouwy ie naive Zoe');
  });

  it('maps letters that do not decompose', () => {
    expect(foldAccents('Straße Æsir Ørsted Łódź Đuro œuvre')).toBe(
      'Strasse AEsir Orsted Lodz Duro oeuvre',
    );
  });
});

describe('collapseWhitespace', () => {
  it('trims and turns line breaks, tabs and runs of spaces into one space', () => {
    expect(collapseWhitespace('  one\ttwo\n\nthree\r\n   four  ')).toBe('one two three four');
    expect(collapseWhitespace('\n\t ')).toBe('');
  });
});

describe('stripMarkup', () => {
  it('removes tags, comments and script or style content', () => {
    expect(collapseWhitespace(stripMarkup('<p>Hello <b>there</b></p>'))).toBe('Hello there');
    expect(collapseWhitespace(stripMarkup('a<script type="x">alert(1)</script>b'))).toBe('a b');
    expect(collapseWhitespace(stripMarkup('a<!-- hidden -->b<br/>c'))).toBe('a b c');
    expect(collapseWhitespace(stripMarkup('<img src=x onerror="alert(1)">ok'))).toBe('ok');
  });

  it('leaves text that only looks like comparison alone and decodes no entities', () => {
    expect(stripMarkup('3 < 4 and 5 > 2')).toBe('3 < 4 and 5 > 2');
    expect(stripMarkup('&lt;script&gt;')).toBe('&lt;script&gt;');
  });
});

describe('sanitiseText', () => {
  it('folds accents and keeps only allowed characters', () => {
    expect(sanitiseText('Gwasanaeth ŵyr café', TEXT)).toBe('Gwasanaeth wyr cafe');
    expect(sanitiseText('Cost: £50 (too much); 100% "bad"', TEXT)).toBe('Cost 50 too much 100 bad');
  });

  it('strips markup and collapses tabs and new lines', () => {
    expect(sanitiseText('<b>Good</b>\tservice.\n\nThanks!', TEXT)).toBe('Good service. Thanks!');
    expect(sanitiseText('<script>steal()</script>Fine', TEXT)).toBe('Fine');
  });

  it('removes emoji and collapses the gaps they leave', () => {
    expect(sanitiseText('Great 😀 service 👍🏽 ok', TEXT)).toBe('Great service ok');
    expect(sanitiseText('😀😀', TEXT)).toBe('');
  });

  it('allows apostrophes and hyphens in names and the address characters in email', () => {
    expect(sanitiseText("Siân O'Neil-Jones", NAME)).toBe("Sian O'Neil-Jones");
    expect(sanitiseText("Siân O'Neil-Jones", TEXT)).toBe('Sian ONeilJones');
    expect(sanitiseText(" o'neil+tag@example.co.uk ", EMAIL)).toBe("o'neil+tag@example.co.uk");
    expect(sanitiseText('name @exam<b>ple</b>.com', EMAIL)).toBe('name@example.com');
  });
});

describe('stripMarkup on any input', () => {
  // The regular expressions stripMarkup used before its single pass: the reference for what
  // well-formed markup should become. (They differ on fragments such as '<A<!---->>', where the
  // old comment removal glued '<A' and '>' into a new tag; a '<' that starts no tag is kept as is.)
  const regexStrip = (text: string) =>
    text
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
      .replace(/<[!?/]?[a-zA-Z][^<>]*>/g, ' ');

  const word = fc.stringMatching(/^[a-zA-Z0-9 .,!?'">=&;-]{0,8}$/);
  const token = fc.oneof(
    word,
    fc.constantFrom(
      '<p>',
      '</P>',
      '<br/>',
      '<img src=x onerror="alert(1)">',
      '<!DOCTYPE html>',
      '<?xml?>',
      '<!-- note -->',
      '<script>alert(1)</script>',
      '<SCRIPT type="x">a > b</script >',
      '<style>p{}</STYLE>',
      '<script>',
      '</script>',
      '<scripts>',
      '3 < 4',
      '< b',
      '>',
    ),
  );

  it('gives what the regular expressions gave for markup made of whole tags', () => {
    fc.assert(
      fc.property(fc.array(token, { maxLength: 30 }), (tokens) => {
        const text = tokens.join('');
        expect(collapseWhitespace(stripMarkup(text))).toBe(collapseWhitespace(regexStrip(text)));
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves text without "<" exactly as it was', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const plain = text.replaceAll('<', '');
        expect(stripMarkup(plain)).toBe(plain);
      }),
    );
  });

  it('never leaves a comment opening or the content of a script element', () => {
    const piece = fc.constantFrom(
      '<script ',
      '<script>',
      '</script',
      '<!--',
      '-->',
      '<',
      '>',
      'a ',
    );
    const pieces = fc.array(piece, { maxLength: 20 });
    fc.assert(
      fc.property(pieces, pieces, (before, after) => {
        const text = `${before.join('')}<script>alert(1)</script>${after.join('')}`;
        const out = stripMarkup(text);
        expect(out).not.toContain('<!--');
        expect(out).not.toContain('alert(1)');
      }),
      { numRuns: 2000 },
    );
  });

  it('takes linear time on adversarial shapes (the expressions took seconds at this size)', () => {
    const size = 256 * 1024;
    for (const unit of ['<script ', '<script>', '<!--', '<a', '<style x', '</script', '<<']) {
      const text = unit.repeat(Math.ceil(size / unit.length));
      const started = performance.now();
      stripMarkup(text);
      expect(performance.now() - started, unit).toBeLessThan(250);
    }
  });
});
