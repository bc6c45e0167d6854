// The "Check on both cores" box of the debug panel: the button, progress with Cancel, and the result: the first
// differing frame's two pictures side by side at ×2 with the differing pixels highlighted, or "No difference".
import { useEffect, useRef, useState } from 'react'
import { FCEUMM_LEAD_FRAMES, HEIGHT, WIDTH } from '../../../emulator/debug/core-compare'
import type { CheckResult } from '../../../emulator/debug/core-compare'
import { nesColor } from '../../../emulator/debug/nes-palette'
import type { DebugBuild } from './debug-build'
import { useCoreCheck } from './use-core-check'

const HIGHLIGHT: [number, number, number] = [255, 0, 255]

function CorePicture(props: {
  label: string
  indices: Uint8Array
  mask: Uint8Array
  highlight: boolean
}) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const { indices, mask, highlight } = props
  useEffect(() => {
    const context = canvas.current?.getContext('2d')
    if (!context) return
    const image = context.createImageData(WIDTH, HEIGHT)
    for (let i = 0; i < indices.length; i++) {
      const colour = nesColor(indices[i]!)
      // half magenta over the picture: the differing pixels stand out and the picture stays readable
      const [r, g, b] =
        highlight && mask[i] ? colour.map((c, k) => (c + HIGHLIGHT[k]!) >> 1) : colour
      image.data.set([r!, g!, b!, 255], i * 4)
    }
    context.putImageData(image, 0, 0)
  }, [indices, mask, highlight])
  return (
    <figure className="core-check__picture">
      <canvas ref={canvas} width={WIDTH} height={HEIGHT} aria-label={props.label} />
      <figcaption>{props.label}</figcaption>
    </figure>
  )
}

function Result({ result }: { result: CheckResult }) {
  const [highlight, setHighlight] = useState(true)
  if (result.kind === 'same')
    return (
      <p className="core-check__verdict core-check__verdict--same" data-testid="core-check-result">
        No difference in {result.frames} frames
      </p>
    )
  return (
    <>
      <p className="core-check__verdict" data-testid="core-check-result">
        First difference at frame {result.frame}: {result.count} pixels differ
      </p>
      <label className="core-check__toggle">
        <input
          type="checkbox"
          checked={highlight}
          onChange={(e) => setHighlight(e.target.checked)}
        />{' '}
        Highlight differing pixels
      </label>
      <div className="core-check__pictures">
        <CorePicture
          label={`jsnes (debug core), frame ${result.frame}`}
          indices={result.jsnes}
          mask={result.mask}
          highlight={highlight}
        />
        <CorePicture
          label={`fceumm (Run), frame ${result.frame + FCEUMM_LEAD_FRAMES}`}
          indices={result.fceumm}
          mask={result.mask}
          highlight={highlight}
        />
      </div>
    </>
  )
}

export function CoreCheckView({ build }: { build: () => Promise<DebugBuild> }) {
  const hidden = useRef<HTMLDivElement>(null)
  const { state, start, cancel } = useCoreCheck(build, hidden)
  const isBusy =
    state.status === 'building' || state.status === 'loading' || state.status === 'running'
  return (
    <section
      className="debug-box core-check"
      aria-label="Check on both cores"
      data-status={state.status}
    >
      <div className="debug-box__head">
        <h3 className="debug-box__title">Both cores</h3>
        {isBusy ? (
          <button type="button" className="btn btn--ghost" onClick={cancel}>
            Cancel
          </button>
        ) : (
          <button
            type="button"
            className="btn"
            onClick={start}
            title="Run the program on jsnes (the debug core) and on fceumm (Run) and compare every frame"
          >
            CHECK ON BOTH CORES
          </button>
        )}
      </div>
      {isBusy && (
        <div className="core-check__progress" data-testid="core-check-progress" aria-live="polite">
          <progress
            max={state.status === 'running' ? state.frames : 1}
            value={state.status === 'running' ? state.frame : undefined}
          />
          <span>
            {state.status === 'building' && 'Building…'}
            {state.status === 'loading' && 'Starting both cores…'}
            {state.status === 'running' && `Frame ${state.frame} / ${state.frames}`}
          </span>
        </div>
      )}
      {state.status === 'done' && <Result result={state.result} />}
      {state.status === 'cancelled' && (
        <p className="core-check__note" data-testid="core-check-result">
          Check cancelled
        </p>
      )}
      {state.status === 'error' && (
        <p className="debug-error" role="alert" data-testid="core-check-result">
          {state.message}
        </p>
      )}
      <p className="core-check__note">
        Same program, no buttons pressed, from power-on. Pictures are compared as NES colour numbers
        (the two cores use different RGB palettes; $20 and $30 count as one white, and the blacks as
        one). fceumm shows one extra picture at power-on, so its frame N+1 is compared with jsnes
        frame N.
      </p>
      <div ref={hidden} className="core-check__host" aria-hidden="true" />
    </section>
  )
}
