// Online play's hold on the running game (the LockstepControl capability of the host): the game is held
// at a frame boundary and runs one frame per stepWithPads, with both controllers set from the room's
// confirmed pads. Buttons pressed on this page (keys, gamepads, the on-screen pad, gameInstance.press) no
// longer reach the game: they are only recorded, as this player's pad byte (localPad).
import { PAD_BITS } from '@nes-studio/shared/netplay-constants'
import type { FrameApi } from './frame/frame-api'
import { LIBRETRO_JOYPAD_ID } from './input-ids'
import { EmulatorError, NES_BUTTONS } from './types'
import type { LockstepControl, NesButton } from './types'

export interface LockstepHost extends LockstepControl {
  /** Records a button of this page; true when the game should get it directly (not in lockstep). */
  recordButton(button: NesButton, down: boolean, player: 0 | 1): boolean
  isWaiting(): boolean
  /** The game stopped: nothing is held any more. */
  forget(): void
  /** Throws the error the UI shows for something online play turns off. */
  refuse(what: string): void
}

export function createLockstepControl(deps: {
  /** The running game's frame API (throws when none runs). */
  api(): FrameApi
  /** Applies volume, mute and the waiting silence. */
  applyVolume(): void
  /** Checks a state is this game's (the same rule as loadState). */
  checkState(state: Uint8Array): void
}): LockstepHost {
  const held = new Set<string>()
  // Buttons pressed since localPad last read them: a tap between two reads still counts once.
  let pressedSinceRead = 0
  let isActive = false
  let applied: [number, number] = [0, 0]
  let waiting = false

  /** Sets controller `player` of the game to `pad`, changing only the buttons that differ. */
  const apply = (api: FrameApi, player: 0 | 1, pad: number) => {
    const changed = pad ^ applied[player]
    if (changed === 0) return
    for (const button of NES_BUTTONS) {
      const bit = PAD_BITS[button]
      if (changed & bit) api.setButton(LIBRETRO_JOYPAD_ID[button], (pad & bit) !== 0, player)
    }
    applied[player] = pad
  }

  return {
    async enterLockstep() {
      const api = deps.api()
      await api.holdRunning()
      isActive = true
      // The game's buttons start released: from now on only the room's pads set them.
      applied = [0xff, 0xff]
      apply(api, 0, 0)
      apply(api, 1, 0)
    },
    isInLockstep: () => isActive,
    stepWithPads(pads) {
      if (!isActive) throw new EmulatorError('NotRunning', 'The game is not in online play.')
      const api = deps.api()
      apply(api, 0, pads[0])
      apply(api, 1, pads[1])
      api.stepOnly()
    },
    loadStateNow(state) {
      deps.checkState(state)
      const api = deps.api()
      api.loadState(state)
      // The core loads a state in the next iteration, which leaves exactly the state loaded.
      api.stepOnly()
    },
    localPad() {
      let pad = pressedSinceRead
      pressedSinceRead = 0
      for (const key of held) pad |= PAD_BITS[key.slice(2) as NesButton]
      return pad
    },
    setWaiting(next) {
      if (waiting === next) return
      waiting = next
      deps.applyVolume()
    },
    leaveLockstep() {
      if (!isActive) return
      isActive = false
      waiting = false
      deps.applyVolume()
      const api = deps.api()
      // Back to this page's buttons, as they are held now.
      for (const player of [0, 1] as const) {
        let pad = 0
        for (const key of held)
          if (key.startsWith(`${player}:`)) pad |= PAD_BITS[key.slice(2) as NesButton]
        apply(api, player, pad)
      }
      api.release()
    },
    recordButton(button, down, player) {
      const key = `${player}:${button}`
      if (down) {
        held.add(key)
        if (isActive) pressedSinceRead |= PAD_BITS[button]
      } else held.delete(key)
      return !isActive
    },
    isWaiting: () => isActive && waiting,
    forget() {
      isActive = false
      waiting = false
      applied = [0, 0]
      pressedSinceRead = 0
      held.clear()
    },
    refuse(what) {
      if (!isActive) return
      throw new EmulatorError(
        'OnlinePlay',
        `${what} is off during online play: every player's game must stay the same.`,
      )
    },
  }
}
