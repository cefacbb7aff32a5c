// Puts src/early.ts into the page template as its one inline script: bundled on its own (it
// imports the saved-state reader and the engine's idle rule) and minified, then written at the
// top of <head> (after the character set), before any stylesheet, so it never waits for one.
// The server allows it in the Content-Security-Policy by its hash (inlineScriptHashes in
// server/security.ts).
import { build, type Plugin } from 'vite';

/** `</script` inside the code would end the element early. */
const safeInHtml = (code: string) => code.replace(/<\/script/gi, '<\\/script');

/** The script, minified and safe inside <script>, with the files it was built from. */
async function bundle(entry: string): Promise<{ code: string; files: string[] }> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      // The same browsers as the app's entry (a module script runs only in those).
      target: 'es2020',
      lib: { entry, formats: ['iife'], name: 'earlyScript' },
      emptyOutDir: false,
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((one) =>
    'output' in one ? one.output : [],
  );
  const chunk = outputs.find((output) => output.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error(`${entry} built to nothing`);
  return { code: safeInHtml(chunk.code.trim()), files: chunk.moduleIds };
}

export function earlyScriptPlugin(entry: string): Plugin {
  // Built once; under `npm run dev` again when one of its files changes.
  let built: ReturnType<typeof bundle> | undefined;
  return {
    name: 'early-script',
    handleHotUpdate({ file }) {
      void built?.then(({ files }) => {
        if (files.includes(file)) built = undefined;
      });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const script = `<script>${(await (built ??= bundle(entry))).code}</script>`;
        // Just after the character set, which must come in the first 1024 bytes.
        const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
        if (!charset) throw new Error('The page template has no <meta charset>');
        const at = charset.index + charset[0].length;
        return `${html.slice(0, at)}\n    ${script}${html.slice(at)}`;
      },
    },
  };
}
