// Infrastructure faults a store reports in terms the HTTP layer and the operator can act on.

/**
 * The library cannot be opened. The message names the path or variable and the fix, and is printed
 * on its own at start-up (no stack trace: nothing in the code is wrong).
 */
export class StorageStartupError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StorageStartupError'
  }
}

/** The disk (or the database's size limit) is full: nothing was written. */
export class StorageFullError extends Error {
  constructor(readonly cause: unknown) {
    super("The server's storage is full.")
    this.name = 'StorageFullError'
  }
}

/** The database did not answer in time or could not be reached; the request may be retried. */
export class StorageUnavailableError extends Error {
  constructor(
    message: string,
    readonly cause: unknown,
  ) {
    super(message)
    this.name = 'StorageUnavailableError'
  }
}
