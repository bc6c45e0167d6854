// Game preview: the emulator's container (its canvas scaled 1.5x) and the empty, loading and error states over it;
// on a touch screen, the on-screen pad under it.
import { NesPad } from '../../../components/nes-pad'
import type { PadProps } from '../../../components/nes-pad'
import { describeKeys } from '../../../emulator/key-map'
import { useInputSettings } from '../../../hooks/use-input-settings'
import { TOUCH_QUERY, useMediaQuery } from '../../../hooks/use-media-query'
import type { RefObject } from 'react'
import type { PreviewState } from '../hooks/use-preview'

interface PreviewPanelProps {
  state: PreviewState
  screenRef: RefObject<HTMLDivElement | null>
  /** The old game's last picture, shown while live mode starts the new build (no empty flash). */
  still?: string
  /** The on-screen pad, shown on touch screens. */
  pad: PadProps
}

function PreviewOverlay({ state }: { state: PreviewState }) {
  switch (state.status) {
    case 'empty':
      return (
        <div className="studio-preview__overlay">
          <p className="pixel studio-preview__headline">No ROM Loaded</p>
          <p className="studio-preview__text">Compile your assembly code to see it in action</p>
        </div>
      )
    case 'loading':
      return (
        <div className="studio-preview__overlay" aria-live="polite">
          <p className="pixel studio-preview__headline studio-preview__headline--blink">
            COMPILING &amp; LOADING...
          </p>
        </div>
      )
    case 'error':
      return (
        <div className="studio-preview__overlay studio-preview__overlay--error" role="alert">
          <p className="pixel studio-preview__headline">ERROR</p>
          <p className="studio-preview__text">{state.message}</p>
        </div>
      )
    case 'running':
      return null
  }
}

export function PreviewPanel({ state, screenRef, still, pad }: PreviewPanelProps) {
  const settings = useInputSettings()
  const isTouch = useMediaQuery(TOUCH_QUERY)
  return (
    <section
      className="studio-panel studio-preview"
      aria-label="Game preview"
      data-state={state.status}
    >
      <h2 className="panel__title">Game Preview</h2>
      <div className="studio-preview__screen">
        <div ref={screenRef} className="studio-preview__emulator" data-testid="preview-screen" />
        {still && (
          <img className="studio-preview__still" src={still} alt="" data-testid="preview-still" />
        )}
        <PreviewOverlay state={state} />
      </div>
      {isTouch ? <NesPad {...pad} /> : null}
      <p className="studio-preview__hint" data-testid="preview-hint">
        {isTouch
          ? 'Controls: touch and hold the buttons of the pad below the game'
          : `Controls: ${describeKeys(settings.bindings)} (while the editor is locked)`}
      </p>
    </section>
  )
}
