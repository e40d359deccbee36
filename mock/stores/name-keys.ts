/** Stands for the object's id inside a name key; names that contain it are never keyed on the id. */
const ID_MARK = '\u0000';

/**
 * The key a record's name is interned under. A name that contains its object's id (the open
 * world's `model-123.rvt`) is keyed with the id marked out (`model-\u0000.rvt`), so a million such
 * names share one key instead of being a million strings; `withId` says whether it was.
 * @example toNameKey('model-123.rvt', '123') // { key: 'model-\u0000.rvt', withId: true }
 */
export function toNameKey(name: string, objectId: string): { key: string; withId: boolean } {
  const at = objectId === '' || name.includes(ID_MARK) ? -1 : name.indexOf(objectId);
  if (at < 0) return { key: name, withId: false };
  return { key: name.slice(0, at) + ID_MARK + name.slice(at + objectId.length), withId: true };
}

/**
 * The name back from a key made with its id marked out.
 * @example fromNameKey('model-\u0000.rvt', '123') // 'model-123.rvt'
 */
export function fromNameKey(key: string, objectId: string): string {
  const at = key.indexOf(ID_MARK);
  return key.slice(0, at) + objectId + key.slice(at + 1);
}
