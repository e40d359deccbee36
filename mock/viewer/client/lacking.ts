// What the stand-in does with a name it does not have: it says so, loudly, naming the name. A page
// that calls the platform's API beyond what the stand-in covers must learn it here, not from a
// picture that silently stays the same.
import { findNearestName } from '../../core/near-miss';

/** A call or a name the stand-in does not have (the platform's SDK may). */
export class StandInLacksError extends Error {
  override name = 'StandInLacksError';
}

const NOTE = "view-token-mock's viewer SDK stand-in lacks";

/**
 * Names that frameworks, promises, test runners and devtools probe on any object: answered
 * `undefined` (as on a plain object), never a throwing method, so `await viewer` or Vue's
 * reactivity are not confused.
 */
const INTROSPECTION = new Set([
  'then',
  'catch',
  'finally',
  'toJSON',
  'nodeType',
  'tagName',
  'inspect',
  'asymmetricMatch',
  'length',
  'prototype',
]);

/** Only camelCase names look like methods a page calls; `_x`, `$x`, `__v_isRef`, `@@x` are introspection. */
const isMethodName = (name: string): boolean => /^[a-z][A-Za-z0-9]*$/.test(name) && !INTROSPECTION.has(name);

/** PascalCase names are what pages read from a namespace or an enum. */
const isMemberName = (name: string): boolean => /^[A-Z][A-Za-z0-9]*$/.test(name);

/** Every method an object offers (own and inherited, without `constructor` and `_private` ones). */
export function methodsOf(target: object): string[] {
  const names = new Set<string>();
  for (
    let proto: object | null = target;
    proto !== null && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (
        name !== 'constructor' &&
        isMethodName(name) &&
        typeof (target as Record<string, unknown>)[name] === 'function'
      )
        names.add(name);
    }
  }
  return [...names].sort();
}

function lacks(what: string, known: readonly string[], given: string): string {
  const nearest = findNearestName(given, known);
  return `${NOTE} ${what}${nearest === undefined ? '' : ` (did you mean ${nearest}?)`}. It has: ${known.join(', ')}. See docs/guides/front-end-viewer.md.`;
}

/**
 * The object, where a method it lacks is a function that throws a StandInLacksError naming it
 * (`viewer.getModel()`), and introspection names stay undefined.
 * @example withLoudMethods(viewer, 'Glodon.Bimface.Viewer.Viewer3D').getModel() // throws "… lacks Viewer3D.getModel() …"
 */
export function withLoudMethods<T extends object>(target: T, owner: string): T {
  const shortOwner = owner.split('.').pop() ?? owner;
  return new Proxy(target, {
    get(object, key, receiver) {
      if (typeof key === 'symbol' || key in object || !isMethodName(key))
        return Reflect.get(object, key, receiver) as unknown;
      return function lackingMethod(): never {
        throw new StandInLacksError(lacks(`${shortOwner}.${key}()`, methodsOf(object), key));
      };
    },
  });
}

/**
 * A namespace or enum where reading a PascalCase name it lacks throws (`Glodon.Bimface.Foo`), so a
 * page fails where it reaches past the stand-in, not later on an `undefined`.
 * @example withLoudMembers({ ViewAdded: 'ViewAdded' }, 'Glodon.Bimface.Viewer.Viewer3DEvent').ModelAdded // throws
 */
export function withLoudMembers<T extends object>(target: T, path: string): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      if (typeof key === 'symbol' || key in object || !isMemberName(key))
        return Reflect.get(object, key, receiver) as unknown;
      throw new StandInLacksError(lacks(`${path}.${key}`, Object.keys(object).filter(isMemberName), key));
    },
  });
}

/** Throws the stand-in's error for a call it cannot honour as the page asked (a bad argument). */
export function refuse(call: string, problem: string): never {
  throw new TypeError(`${call}: ${problem} (view-token-mock's viewer SDK stand-in)`);
}
