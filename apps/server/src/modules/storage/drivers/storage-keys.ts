const KEY = /^[A-Za-z0-9_-]{1,128}$/;
/** A derived object's name: a dot is allowed for its extension, but never first (no "..", no hidden file). */
const DERIVED_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

export function isKey(key: string) {
  return KEY.test(key);
}

/** Keys and names become paths or object keys: anything that could leave its namespace is refused. */
export function assertKey(key: string) {
  if (!isKey(key)) throw new Error(`Invalid storage key: ${key}`);
}

export function assertDerivedName(name: string) {
  if (!DERIVED_NAME.test(name)) throw new Error(`Invalid derived object name: ${name}`);
}
