// Stand-ins for the lodash helpers formik imports (see vite.config.ts `resolve.alias`): lodash's
// general versions bring its caches and realm checks (about 1 KB gzip on the first page).
// Formik only ever clones our form state: plain objects, arrays and strings.

/** Shallow copy, as lodash `clone` does for plain objects and arrays. */
export function clone<T>(value: T): T {
  if (Array.isArray(value)) return [...value] as T;
  if (value !== null && typeof value === 'object') return { ...value };
  return value;
}

/** Deep copy of plain data. */
export function cloneDeep<T>(value: T): T {
  return value === undefined ? value : structuredClone(value);
}

/** A field name as a path, as lodash `toPath` splits it: `a.b[0]` is `['a', 'b', '0']`. The
 *  names here are plain identifiers, so lodash's quoted keys and its cache are not needed. */
export function toPath(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return String(value).match(/[^.[\]]+/g) ?? [];
}

/** Whether a value is a plain object (`{}` or made with a null prototype), as lodash says. */
export function isPlainObject(value: unknown): boolean {
  if (Object.prototype.toString.call(value) !== '[object Object]') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype;
}
