// The "Check on both cores" box of the debug panel: the button, progress with Cancel, and the result: the first
// differing frame's two pictures as the cores drew them, with a third that marks where they differ (so neither
// picture is covered), or "No difference".
import { useEffect, useRef } from 'react'
import {
  FCEUMM_LEAD_FRAMES,
  HEIGHT,
  WIDTH,
  fceummShownRgb,
  jsnesShownRgb,
} from '../../../emulator/debug/core-compare'
import type { Rgb } from '../../../emulator/debug/core-palettes'
import type { Lead } from '../../../emulator/debug/core-compare'
import type { CheckResult } from '../../../emulator/debug/first-difference'
import type { DebugBuild } from './debug-build'
import { useCoreCheck } from './use-core-check'

const MARK: [number, number, number] = [255, 0, 255]

/** A 256×224 picture: each core's colours as they are, or the differing pixels marked over a faint copy. */
function CorePicture(props: {
  label: string
  indices: Uint16Array
  rgb: (id: number) => Rgb
  mask?: Uint8Array
}) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const { indices, mask, rgb } = props
  useEffect(() => {
    const context = canvas.current?.getContext('2d')
    if (!context) return
    const image = context.createImageData(WIDTH, HEIGHT)
    for (let i = 0; i < indices.length; i++) {
      const [r, g, b] = rgb(indices[i]!)
      // Where they differ: magenta on the picture's own shapes in dark grey, so the marks read on any picture.
      const grey = ((r + g + b) / 3) * 0.3
      const colour = !mask ? [r, g, b] : mask[i] ? MARK : [grey, grey, grey]
      image.data.set([colour[0]!, colour[1]!, colour[2]!, 255], i * 4)
    }
    context.putImageData(image, 0, 0)
  }, [indices, mask, rgb])
  return (
    <figure className="core-check__picture">
      <canvas ref={canvas} width={WIDTH} height={HEIGHT} aria-label={props.label} />
      <figcaption>{props.label}</figcaption>
    </figure>
  )
}

/** Says when the program ran a frame apart on the two cores (first-difference.ts), or nothing. */
function Alignment({ lead }: { lead: Lead }) {
  if (lead === FCEUMM_LEAD_FRAMES) return null
  const late = lead < FCEUMM_LEAD_FRAMES ? 'jsnes' : 'fceumm'
  return (
    <p className="core-check__note" data-testid="core-check-alignment">
      The program ran one frame later on {late} (its wait for the vertical blank missed one, a
      timing difference from power-on), so the frames are compared one apart.
    </p>
  )
}

function Result({ result }: { result: CheckResult }) {
  if (result.kind === 'same')
    return (
      <>
        <p
          className="core-check__verdict core-check__verdict--same"
          data-testid="core-check-result"
        >
          No difference in {result.frames} frames
        </p>
        <Alignment lead={result.lead} />
      </>
    )
  return (
    <>
      <p className="core-check__verdict" data-testid="core-check-result">
        First difference at frame {result.frame}: {result.count} pixels differ
      </p>
      <Alignment lead={result.lead} />
      <div className="core-check__pictures">
        <CorePicture
          label={`jsnes (debug core), frame ${result.frame}`}
          indices={result.jsnes}
          rgb={jsnesShownRgb}
        />
        <CorePicture
          label={`fceumm (Run), frame ${result.frame + result.lead}`}
          indices={result.fceumm}
          rgb={fceummShownRgb}
        />
        <CorePicture
          label={`Where they differ (${result.count} pixels)`}
          indices={result.jsnes}
          rgb={jsnesShownRgb}
          mask={result.mask}
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
        under their colour emphasis (the two cores use different RGB palettes; $20 and $30 count as
        one white, and the blacks as one). fceumm shows one extra picture at power-on, so its frame
        N+1 is compared with jsnes frame N.
      </p>
      <div ref={hidden} className="core-check__host" aria-hidden="true" />
    </section>
  )
}
