// The key shown beside each on-screen pad button, from the visitor's key map.
import { useMemo } from 'react'
import { keyHint } from '../emulator/key-map'
import { NES_BUTTONS } from '../emulator/types'
import type { NesButton } from '../emulator/types'
import { useInputSettings } from './use-input-settings'

export function usePadHints(): Readonly<Record<NesButton, string>> {
  const { bindings } = useInputSettings()
  return useMemo(
    () =>
      Object.fromEntries(NES_BUTTONS.map((b) => [b, keyHint(bindings, b)])) as Record<
        NesButton,
        string
      >,
    [bindings],
  )
}
