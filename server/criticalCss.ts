// Each server-rendered page carries, inline, only the rules of the app's stylesheet that its own
// markup can use. On a slow phone the first paint is held up less by fetching the full sheet
// than by parsing and matching it (about 100 KB of GOV.UK Frontend, mostly for components the
// page does not have). Without JavaScript the inline rules are all the page needs. With it, the
// entry script fetches the full sheet once the page is on screen, for the pages the app draws
// (its address is on the style element, `data-app-styles`).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss, { type ChildNode, type Container, type Root } from 'postcss';
import { EARLY_CLASSES } from '../src/scriptClasses';

/** At most this many pages' rule sets are remembered (pages come from a few dozen shapes). */
const CACHE_LIMIT = 500;

export interface CriticalCss {
  css: string;
  /** For the Content-Security-Policy's style-src. */
  hash: string;
}

// Classes inside these need not all be on the page: `:not(.a)` wants .a absent, `:is(.a, .b)`
// wants only one of them, `:has(.a)` a descendant. Left out, such a rule is kept whenever the
// rest of it matches: sometimes a rule too many, never one too few.
const LOOSE_PSEUDO = /:(?:not|is|where|has|matches|-webkit-any)\(/g;

/** The selector without loose pseudo-classes (nested brackets included) and attribute tests. */
function requiredPart(selector: string): string {
  let rest = '';
  let at = 0;
  for (const match of selector.matchAll(LOOSE_PSEUDO)) {
    if (match.index < at) continue; // inside one already left out
    rest += selector.slice(at, match.index);
    let depth = 1;
    at = match.index + match[0].length;
    for (; at < selector.length && depth > 0; at++)
      if (selector[at] === '(') depth++;
      else if (selector[at] === ')') depth--;
  }
  // An attribute value can hold a dot (`[href$=".pdf"]`) that is no class.
  return (rest + selector.slice(at)).replace(/\[[^\]]*\]/g, '');
}

// Worked out once per selector, not again for every new shape of page.
const required = new Map<string, string[]>();

/**
 * The classes a selector needs on the page: a rule can style this page only if every one of them
 * is in its markup.
 */
function classesOf(selector: string): string[] {
  let names = required.get(selector);
  if (!names) {
    names = [...requiredPart(selector).matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) =>
      match[1]!.replace(/\\(.)/g, '$1'),
    );
    required.set(selector, names);
  }
  return names;
}

function classesIn(html: string): Set<string> {
  // Present before the first paint, though not in the server's markup.
  const names = new Set(EARLY_CLASSES);
  for (const match of html.matchAll(/\bclass="([^"]*)"/g))
    for (const name of match[1]!.split(/\s+/)) if (name) names.add(name);
  return names;
}

/** A copy of the container with only the rules the page can use (undefined if none is left). */
function keepUsed<T extends Container>(
  container: T,
  present: (name: string) => boolean,
): T | undefined {
  const copy = container.clone({ nodes: [] }) as T;
  for (const node of container.nodes ?? []) {
    const kept = keepNode(node, present);
    if (kept) copy.append(kept);
  }
  return copy.nodes!.length ? copy : undefined;
}

function keepNode(node: ChildNode, present: (name: string) => boolean): ChildNode | undefined {
  if (node.type === 'rule') {
    const used = node.selectors.filter((selector) => classesOf(selector).every(present));
    return used.length ? node.clone({ selectors: used }) : undefined;
  }
  if (
    node.type === 'atrule' &&
    node.nodes &&
    !node.name.endsWith('keyframes') && // also -webkit-keyframes: its steps are not selectors
    node.name !== 'font-face'
  )
    return keepUsed(node, present);
  return node.clone();
}

/** Picks, for a page's HTML, the rules of `stylesheet` its markup can use. */
export function criticalCssFor(stylesheet: string): (html: string) => CriticalCss {
  const root: Root = postcss.parse(stylesheet);
  const cache = new Map<string, CriticalCss>();
  return (html) => {
    const names = classesIn(html);
    const key = [...names].sort().join(' ');
    const known = cache.get(key);
    if (known) return known;
    const present = (name: string) => names.has(name);
    // A '</style' in the rules would end the element early.
    const css = (keepUsed(root, present)?.toString() ?? '').replace(/<\/style/gi, '<\\/style');
    const result = {
      css,
      hash: `'sha256-${createHash('sha256').update(css).digest('base64')}'`,
    };
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, result);
    return result;
  };
}

/** The built template's stylesheet link (Vite writes one, in the head). */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"[^>]*>/;

/**
 * For the built app in `root` whose page template is `template`: a function that puts a
 * complete page's own rules inline in place of the stylesheet link. Undefined when the template
 * links no stylesheet (the Vite dev server injects styles itself).
 */
export function stylesheetInliner(
  root: string,
  template: string,
): ((page: string) => { page: string; styleHash: string }) | undefined {
  const link = STYLESHEET_LINK.exec(template);
  if (!link) return undefined;
  const [tag, href] = [link[0], link[1]!];
  const pick = criticalCssFor(readFileSync(join(root, href), 'utf8'));
  return (page) => {
    const { css, hash } = pick(page);
    const style = `<style data-app-styles="${href}">${css}</style>`;
    return { page: page.replace(tag, () => style), styleHash: hash };
  };
}
