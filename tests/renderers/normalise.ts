// Canonical serialisation of HTML for comparing our React markup with govuk-frontend's fixtures.
// Both sides are parsed by the DOM, so quoting, entities and boolean attribute spellings
// (`checked` vs `checked=""`) are already equal; here we sort attributes, collapse
// whitespace and drop whitespace-only text between elements.

export function parse(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

const PRESERVE = new Set(['TEXTAREA', 'PRE']);

export function canonical(root: ParentNode): string {
  return serialiseChildren(root, 0).join('\n');
}

function serialiseChildren(parent: ParentNode, depth: number): string[] {
  const nodes = Array.from(parent.childNodes).filter(
    (n) =>
      n.nodeType === Node.ELEMENT_NODE ||
      (n.nodeType === Node.TEXT_NODE && /\S/.test(n.textContent ?? '')),
  );
  const pad = '  '.repeat(depth);
  return nodes.flatMap((node, i) => {
    if (node.nodeType === Node.TEXT_NODE) {
      let text = (node.textContent ?? '').replace(/\s+/g, ' ');
      if (i === 0) text = text.trimStart();
      if (i === nodes.length - 1) text = text.trimEnd();
      return [`${pad}#text ${JSON.stringify(text)}`];
    }
    const el = node as Element;
    const attributes = Array.from(el.attributes)
      .map(
        (a) =>
          `${a.name}=${JSON.stringify(a.name === 'class' ? a.value.trim().split(/\s+/).join(' ') : a.value)}`,
      )
      .sort();
    const open = `${pad}<${el.localName}${attributes.map((a) => ` ${a}`).join('')}>`;
    if (PRESERVE.has(el.tagName)) return [`${open}${JSON.stringify(el.textContent)}`];
    const inner = el.localName === 'template' ? (el as HTMLTemplateElement).content : el;
    return [open, ...serialiseChildren(inner, depth + 1)];
  });
}
