// codemirror-json-schema highlights code blocks in a schema's help with shiki (about 200 KB gzip
// with its engine, themes and grammar). The survey schema's help has no code blocks, so the
// editor's build puts this do-nothing stand-in in shiki's place (vite.editor.config.ts): the help
// is still rendered as markdown, without highlighting it never needs.
export const createHighlighterCore = async (): Promise<object> => ({});
export const fromHighlighter = () => (): void => undefined;
export default {};
