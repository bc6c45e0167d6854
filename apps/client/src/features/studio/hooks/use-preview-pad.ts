// The studio preview's on-screen pad (touch screens have no keys to play with): a finger holds a button
// on the preview's game for as long as it stays; a click presses it for the spec's 100 ms.
import { useCallback, useEffect, useRef } from 'react'
import type { PadProps } from '../../../components/nes-pad'
import { useTouchFeedback } from '../../../components/nes-pad'
import type { NesButton } from '../../../emulator/types'
import { useInputSettings } from '../../../hooks/use-input-settings'
import { usePadHints } from '../../../hooks/use-pad-hints'
import { usePressedButtons } from '../../../hooks/use-pressed-buttons'
import { PRESS_DURATION_MS } from '../../../lib/pad-timing'

type SetButton = (button: NesButton, down: boolean, player: 0 | 1) => void

export function usePreviewPad(setButton: SetButton): PadProps {
  const { pressed, flash, hold } = usePressedButtons()
  const vibrate = useTouchFeedback(useInputSettings().vibration)
  const releases = useRef(new Map<NesButton, ReturnType<typeof setTimeout>>())
  useEffect(() => {
    const pending = releases.current
    return () => {
      for (const timer of pending.values()) clearTimeout(timer)
    }
  }, [])

  const onHold = useCallback(
    (button: NesButton, down: boolean) => {
      hold(button, down)
      if (down) vibrate()
      setButton(button, down, 0)
    },
    [hold, setButton, vibrate],
  )
  const onPress = useCallback(
    (button: NesButton) => {
      flash(button)
      setButton(button, true, 0)
      clearTimeout(releases.current.get(button))
      releases.current.set(
        button,
        setTimeout(() => setButton(button, false, 0), PRESS_DURATION_MS),
      )
    },
    [flash, setButton],
  )
  return { pressed, onPress, onHold, hints: usePadHints() }
}
