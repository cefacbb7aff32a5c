// Test-only: turn a fixture's HTML string into React nodes, for component options that take
// React content where govuk's macro takes an HTML string (service navigation slots).
import { createElement, type ReactNode } from 'react';
import { parse } from './normalise';

const REACT_NAMES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  hreflang: 'hrefLang',
  tabindex: 'tabIndex',
};

export function htmlToReact(html: string): ReactNode {
  return Array.from(parse(html).childNodes).map(toReact);
}

function toReact(node: ChildNode, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const props: Record<string, unknown> = { key };
  for (const a of Array.from(el.attributes)) props[REACT_NAMES[a.name] ?? a.name] = a.value;
  return createElement(el.localName, props, ...Array.from(el.childNodes).map(toReact));
}
