import { describe, expect, it } from 'vitest';
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
