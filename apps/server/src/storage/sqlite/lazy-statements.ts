// Statements prepared one by one on first use: a store opened at an older schema (the migration tests)
// can still run the statements its tables allow, and preparing costs nothing for unused ones.

/** An object whose properties are the factories' results, each built on first access and kept. */
export function lazyStatements<T extends Record<string, () => unknown>>(
  factories: T,
): { readonly [K in keyof T]: ReturnType<T[K]> } {
  const built = new Map<keyof T, unknown>()
  const result = {} as { [K in keyof T]: ReturnType<T[K]> }
  for (const key of Object.keys(factories) as (keyof T)[]) {
    Object.defineProperty(result, key, {
      enumerable: true,
      get() {
        if (!built.has(key)) built.set(key, factories[key]!())
        return built.get(key)
      },
    })
  }
  return result
}
