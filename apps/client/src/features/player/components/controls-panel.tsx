// The player's "Game Controls" panel on a desktop: the pad's three groups (components/nes-pad.tsx), the
// key map and REMAP. The handheld layout places the same groups around the screen.
import { ActionButtons, Dpad, SystemButtons } from '../../../components/nes-pad'
import type { PadProps } from '../../../components/nes-pad'

export function ControlsPanel(props: PadProps & { keysText: string; onOpenSettings: () => void }) {
  const { keysText, onOpenSettings, ...pad } = props
  return (
    <section className="panel controls" aria-labelledby="controls-title">
      <div className="controls__head">
        <h2 id="controls-title" className="panel__title">
          Game Controls
        </h2>
        <button type="button" className="btn btn--small" onClick={onOpenSettings}>
          REMAP
        </button>
      </div>
      <div className="controls__groups">
        <div className="controls__group">
          <h3 className="controls__label">MOVEMENT</h3>
          <Dpad {...pad} />
        </div>
        <div className="controls__group">
          <h3 className="controls__label">ACTIONS</h3>
          <ActionButtons {...pad} />
        </div>
        <div className="controls__group">
          <h3 className="controls__label">SYSTEM</h3>
          <SystemButtons {...pad} />
        </div>
      </div>
      <p className="controls__footer">Click buttons or use keyboard controls</p>
      <p className="controls__keys">Keys: {keysText}. Gamepads work too.</p>
    </section>
  )
}
