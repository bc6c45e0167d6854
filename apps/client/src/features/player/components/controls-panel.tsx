// The player's "Game Controls" panel: on a desktop the pad's three groups (components/nes-pad.tsx), the
// key map and REMAP. The handheld layout places the groups, with their labels, around the screen
// (handheld-pad.tsx) and REMAP in the console's top row; its panel keeps the title, the footer and the keys.
import { ActionButtons, Dpad, SystemButtons } from '../../../components/nes-pad'
import type { PadProps } from '../../../components/nes-pad'

interface ControlsPanelProps extends PadProps {
  keysText: string
  onOpenSettings: () => void
  /** The handheld layout's panel: no pad and no REMAP (both are in the console). */
  isHandheld?: boolean
}

function PadGroups(pad: PadProps) {
  return (
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
  )
}

export function ControlsPanel(props: ControlsPanelProps) {
  const { keysText, onOpenSettings, isHandheld = false, ...pad } = props
  return (
    <section
      className={`panel controls${isHandheld ? ' controls--handheld' : ''}`}
      aria-labelledby="controls-title"
    >
      <div className="controls__head">
        <h2 id="controls-title" className="panel__title">
          Game Controls
        </h2>
        {isHandheld ? null : (
          <button type="button" className="btn btn--small" onClick={onOpenSettings}>
            REMAP
          </button>
        )}
      </div>
      {isHandheld ? null : <PadGroups {...pad} />}
      <p className="controls__footer">Click buttons or use keyboard controls</p>
      <p className="controls__keys">Keys: {keysText}. Gamepads work too.</p>
    </section>
  )
}
