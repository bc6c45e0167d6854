// The screen inside the console bezel. The emulator's iframes live in `containerRef`, which is always
// mounted; the display area around it is hidden (display: none) without a game and shown as flex with one.
// The picture is the largest box of its shape that fits the screen, at a whole scale where it can
// (lib/picture-box.ts), measured as the screen resizes.
import { useLayoutEffect, useRef, useState } from 'react'
import type { CSSProperties, RefObject } from 'react'
import type { PictureShape } from '../../../emulator/types'
import type { Box } from '../lib/picture-box'
import { pictureBox } from '../lib/picture-box'
import type { PlayerStatus } from '../lib/player-state'
import { isDisplayVisible } from '../lib/player-state'

/** The picture's box in `screenRef`'s content box, kept up to date. */
function usePictureBox(screenRef: RefObject<HTMLElement | null>, shape: PictureShape) {
  const [room, setRoom] = useState<Box | undefined>(undefined)
  useLayoutEffect(() => {
    const screen = screenRef.current
    if (!screen) return undefined
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setRoom({ width: entry.contentRect.width, height: entry.contentRect.height })
    })
    observer.observe(screen)
    return () => observer.disconnect()
  }, [screenRef])
  return room ? pictureBox(room, shape) : undefined
}

interface GameScreenProps {
  status: PlayerStatus
  error: string | undefined
  containerRef: RefObject<HTMLDivElement | null>
  hasScanlines: boolean
  pictureShape: PictureShape
}

export function GameScreen(props: GameScreenProps) {
  const { status, error, containerRef, hasScanlines, pictureShape } = props
  const visible = isDisplayVisible(status)
  const screenRef = useRef<HTMLDivElement>(null)
  const box = usePictureBox(screenRef, pictureShape)
  // Before the first measurement (the server's page) the stylesheet's fallback size applies.
  const size = box
    ? ({
        '--picture-width': `${box.width}px`,
        '--picture-height': `${box.height}px`,
      } as CSSProperties)
    : undefined
  return (
    <div className="screen" ref={screenRef}>
      {!visible ? (
        <div className="screen__idle" aria-hidden="true">
          <span className="screen__idle-title">NES STUDIO</span>
          <span className="screen__idle-text">
            {status === 'ready' ? 'PRESS START' : 'NO CARTRIDGE'}
          </span>
        </div>
      ) : null}
      <div
        className="game-display"
        data-testid="game-display"
        data-status={status}
        style={{ display: visible ? 'flex' : 'none' }}
      >
        <div
          ref={containerRef}
          className="game-display__frame"
          data-testid="game-canvas"
          data-shape={pictureShape}
          style={size}
          aria-label="Game screen"
        />
        {status === 'loading' ? (
          <div className="game-display__overlay">
            <span className="game-display__loading">LOADING...</span>
          </div>
        ) : null}
        {status === 'error' ? (
          <div className="game-display__overlay game-display__overlay--error">
            <span className="game-display__error-title">ERROR</span>
            <span className="game-display__error-text">{error}</span>
          </div>
        ) : null}
      </div>
      {hasScanlines ? (
        <div className="screen__scanlines" data-testid="scanlines" aria-hidden="true" />
      ) : null}
    </div>
  )
}
