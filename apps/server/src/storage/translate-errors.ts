// Wraps a store so every method reports driver faults as the storage errors the HTTP layer knows
// (StorageFullError, StorageUnavailableError), without each method (ours or a later one) doing it.

export type ErrorTranslator = (err: unknown) => unknown

export function withTranslatedErrors<T extends object>(store: T, translate: ErrorTranslator): T {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        try {
          const result: unknown = value.apply(target, args)
          return result instanceof Promise
            ? result.catch((err: unknown) => Promise.reject(translate(err)))
            : result
        } catch (err) {
          throw translate(err)
        }
      }
    },
  })
}
