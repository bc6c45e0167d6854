// The screen inside the console bezel. The emulator's iframes live in `containerRef`, which is always
// mounted; the display area around it is hidden (display: none) without a game and shown as flex with one.
// The picture is the largest box of the core's aspect that fits the screen (a size container query).
import type { RefObject } from 'react'
import type { PlayerStatus } from '../lib/player-state'
import { isDisplayVisible } from '../lib/player-state'

interface GameScreenProps {
  status: PlayerStatus
  error: string | undefined
  containerRef: RefObject<HTMLDivElement | null>
  hasScanlines: boolean
}

export function GameScreen(props: GameScreenProps) {
  const { status, error, containerRef, hasScanlines } = props
  const visible = isDisplayVisible(status)
  return (
    <div className="screen">
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
