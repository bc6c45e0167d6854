// A stand-in emulator for the lockstep loop's tests: its "state" is a running hash of every frame's pads
// (so two cores that ran the same frames with the same pads have equal states), loads take effect at
// once, and it records what it was asked.
import type { FramePads } from '../netplay/frame-log'
import type { LockstepCore } from '../netplay/lockstep'

export class FakeLockstepCore implements LockstepCore {
  /** FNV-1a over every frame's pads since power-on. */
  state = 0x811c9dc5
  frames = 0
  pad = 0
  isWaiting = false
  readonly stepped: FramePads[] = []

  stepFrame(pads: FramePads): void {
    for (const byte of pads) this.state = Math.imul(this.state ^ byte, 0x01000193) >>> 0
    this.frames += 1
    this.stepped.push(pads)
  }

  saveState(): Uint8Array {
    const out = new Uint8Array(8)
    const view = new DataView(out.buffer)
    view.setUint32(0, this.state)
    view.setUint32(4, this.frames)
    return out
  }

  loadState(state: Uint8Array): void {
    const view = new DataView(state.buffer, state.byteOffset, state.byteLength)
    this.state = view.getUint32(0)
    this.frames = view.getUint32(4)
  }

  localPad(): number {
    return this.pad
  }

  setWaiting(waiting: boolean): void {
    this.isWaiting = waiting
  }
}
