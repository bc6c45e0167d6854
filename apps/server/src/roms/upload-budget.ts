// Bounds the memory uploads may hold at once. An upload is kept whole until it is stored (both
// backends write one value), so the bound is on bytes in flight, reserved when the request arrives.

export class UploadBudget {
  private inUse = 0

  /** @param capacityBytes bytes of uploads that may be read at once. */
  constructor(readonly capacityBytes: number) {}

  /** Reserves `bytes`, or returns undefined when they do not fit; the release is idempotent. */
  tryReserve(bytes: number): (() => void) | undefined {
    if (this.inUse > 0 && this.inUse + bytes > this.capacityBytes) return undefined
    this.inUse += bytes
    let released = false
    return () => {
      if (released) return
      released = true
      this.inUse -= bytes
    }
  }

  get reservedBytes(): number {
    return this.inUse
  }
}
