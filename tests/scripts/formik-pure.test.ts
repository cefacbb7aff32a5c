// The build's edit of formik (scripts/vite-plugin-formik-pure.ts): it is applied to formik's
// module as installed, and it stops the build, rather than passing the text on unedited, when
// formik's text no longer reads as expected.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formikPurePlugin } from '../../scripts/vite-plugin-formik-pure';

const formikDir = dirname(createRequire(import.meta.url).resolve('formik/package.json'));
const id = join(formikDir, 'dist', 'formik.esm.js');
const installed = readFileSync(id, 'utf8');

type Transform = (this: { error(message: string): never }, code: string, id: string) => unknown;
const transform = formikPurePlugin().transform as Transform;
const context = {
  error(message: string): never {
    throw new Error(message);
  },
};
const run = (code: string, path = id) => transform.call(context, code, path);

describe('the build edit that lets formik’s unused components be left out', () => {
  it('moves the default props into the class and drops the top-level writes', () => {
    const out = run(installed) as { code: string };
    expect(out.code).not.toContain("Form.displayName = 'Form';");
    // The default props are still set, now inside FieldArray's own factory.
    expect(out.code).toMatch(
      /FieldArrayInner\.defaultProps = \{\s*validateOnChange: true\s*\};\s*return FieldArrayInner;/,
    );
    expect(out.code.split('FieldArrayInner.defaultProps').length).toBe(2);
  });

  it('stops the build when formik no longer reads as expected', () => {
    const changed = installed.replace("Form.displayName = 'Form';", "Form.displayName = 'F';");
    expect(() => run(changed)).toThrow(/no longer reads as/);
    expect(() => run(`${installed}\nForm.displayName = 'Form';`)).toThrow(/no longer reads as/);
  });

  it('leaves every other module alone', () => {
    expect(run(installed, join(formikDir, 'dist', 'formik.cjs.development.js'))).toBeUndefined();
  });
});
