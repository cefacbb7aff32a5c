// The stand-ins for formik's lodash helpers (src/shims) answer as lodash itself does for the
// values formik gives them: form state and field names.
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- lodash-es ships no types (formik's own dependency, the oracle here)
import lodashIsPlainObject from 'lodash-es/isPlainObject';
// @ts-expect-error -- as above
import lodashToPath from 'lodash-es/toPath';
import { isPlainObject, toPath } from '../../src/shims/lodash-clone';

describe('formik lodash stand-ins', () => {
  it.each(['whyDidYouApply', 'a.b', 'a[0].b', 'list[12]', 'x.y.z', '', ['a', 'b']])(
    'toPath(%j) as lodash',
    (name) => expect(toPath(name)).toEqual(lodashToPath(name)),
  );

  it.each([
    {},
    { a: 1 },
    Object.create(null),
    [],
    'text',
    1,
    null,
    undefined,
    new Date(),
    new Map(),
  ])('isPlainObject(%j) as lodash', (value) =>
    expect(isPlainObject(value)).toBe(lodashIsPlainObject(value)),
  );
});
