// Formik's ES module sets two properties at its top level: `Form.displayName` and
// `FieldArrayInner.defaultProps`. A write to a property is a side effect to the bundler, so it
// keeps Form and FieldArray (about 1 KB gzip) in the respondent's app although the app only calls
// `useFormik`. This moves the default props inside the class's own pure factory, where they are
// set as before whenever FieldArray is used, and leaves out the name React's developer tools
// show. If formik's text changes, the build fails here rather than quietly growing again.
import type { Plugin } from 'vite';

const EDITS: [before: string, after: string][] = [
  ["Form.displayName = 'Form';", ''],
  ['FieldArrayInner.defaultProps = {\n  validateOnChange: true\n};', ''],
  [
    '  return FieldArrayInner;\n}(Component);',
    '  FieldArrayInner.defaultProps = {\n    validateOnChange: true\n  };\n  return FieldArrayInner;\n}(Component);',
  ],
];

export function formikPurePlugin(): Plugin {
  return {
    name: 'formik-pure',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]formik[\\/]dist[\\/]formik\.esm\.js$/.test(id)) return;
      let edited = code;
      for (const [before, after] of EDITS) {
        if (edited.split(before).length !== 2)
          this.error(
            `formik's ${id} no longer reads as scripts/vite-plugin-formik-pure.ts expects`,
          );
        edited = edited.replace(before, after);
      }
      return { code: edited, map: null };
    },
  };
}
