/**
 * The same object, calling `onChange` after each of `methods` (after the promise settles, for an
 * async one) when `changed(method, result)` says the call changed something. How a persister hears
 * about changes without the core knowing about files.
 * @example const rules = notifyingCalls(createRules(), ['add', 'remove'], () => writer.markDirty());
 */
export function notifyingCalls<T extends object>(
  target: T,
  methods: readonly (keyof T & string)[],
  onChange: () => void,
  changed: (method: keyof T & string, result: unknown) => boolean = () => true,
): T {
  const wrapped = { ...target } as Record<string, unknown>;
  for (const method of methods) {
    const call = target[method] as (...args: unknown[]) => unknown;
    wrapped[method] = (...args: unknown[]) => {
      const result = call.apply(target, args);
      const settle = (value: unknown): unknown => {
        if (changed(method, value)) onChange();
        return value;
      };
      return result instanceof Promise ? result.then(settle) : settle(result);
    };
  }
  return wrapped as T;
}
