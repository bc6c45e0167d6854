// The pad around the screen in the handheld layouts, in the spec's groups with their labels (MOVEMENT,
// ACTIONS, SYSTEM, as the desktop's Game Controls panel names them). Portrait: the d-pad on the left;
// B and A, SELECT and START on the right. Landscape: POWER above the d-pad and SELECT on the left, EJECT
// above B and A and START on the right, so EJECT is in view beside a game that takes the view's height.
import type { ReactNode } from 'react'
import { ActionButtons, Dpad, SystemButtons } from '../../../components/nes-pad'
import type { PadProps } from '../../../components/nes-pad'
import type { PlayerLayout } from '../hooks/use-handheld-layout'

function PadGroup({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <div className="handheld__group">
      {label ? <h3 className="controls__label handheld__label">{label}</h3> : null}
      {children}
    </div>
  )
}

interface HandheldPadProps {
  layout: Exclude<PlayerLayout, 'desktop'>
  pad: PadProps
  /** POWER and EJECT, which the landscape layout puts at the top of the side columns. */
  power: ReactNode
  eject: ReactNode
}

export function HandheldPad({ layout, pad, power, eject }: HandheldPadProps) {
  if (layout === 'landscape') {
    return (
      <>
        <div className="handheld__left">
          {power}
          <PadGroup label="MOVEMENT">
            <Dpad {...pad} />
          </PadGroup>
          <PadGroup label="SYSTEM">
            <SystemButtons {...pad} only={['select']} />
          </PadGroup>
        </div>
        <div className="handheld__right">
          {eject}
          <PadGroup label="ACTIONS">
            <ActionButtons {...pad} />
          </PadGroup>
          <PadGroup label="SYSTEM">
            <SystemButtons {...pad} only={['start']} />
          </PadGroup>
        </div>
      </>
    )
  }
  return (
    <>
      <div className="handheld__left">
        <PadGroup label="MOVEMENT">
          <Dpad {...pad} />
        </PadGroup>
      </div>
      <div className="handheld__right">
        <PadGroup label="ACTIONS">
          <ActionButtons {...pad} />
        </PadGroup>
        <PadGroup label="SYSTEM">
          <SystemButtons {...pad} />
        </PadGroup>
      </div>
    </>
  )
}
