// Stand-ins for the two lodash clone helpers formik imports (see vite.config.ts `resolve.alias`).
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
