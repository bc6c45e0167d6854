// Extra controls while a game runs: pause/resume, reset, mute, volume, fullscreen and, for a library
// game, "use this picture as cover".
import { useState } from 'react'
import type { EmulatorHost } from '../../../emulator/types'
import type { CoverControl } from '../hooks/use-cover'
import type { OnlinePlay } from '../hooks/use-online-play'
import type { TimeControl } from '../hooks/use-time-control'

/** Asks the browser to keep the screen in landscape (Android in fullscreen); elsewhere it just refuses. */
function lockLandscape(): void {
  const orientation = screen.orientation as ScreenOrientation & {
    lock?: (orientation: 'landscape') => Promise<void>
  }
  orientation.lock?.('landscape').catch(() => undefined)
}

interface ConsoleToolbarProps {
  host: EmulatorHost
  fullscreenTarget: () => HTMLElement | null
  /** Turn a phone to landscape in fullscreen (where the browser allows locking the orientation). */
  prefersLandscape?: boolean
  time: TimeControl
  /** In an online room, PAUSE pauses the room for everyone and RESET is off. */
  online?: OnlinePlay
  /** A library game: its picture can become the entry's cover. */
  cover?: CoverControl
}

const SPEED_LABEL = { off: 'FAST ×1', x3: 'FAST ×3', unlimited: 'FAST MAX' } as const

export function ConsoleToolbar(props: ConsoleToolbarProps) {
  const { host, fullscreenTarget, prefersLandscape, time, online, cover } = props
  const [isPaused, setIsPaused] = useState(host.isPaused())
  const isRoomPaused = online?.isActive ? online.view?.paused?.reason === 'pause' : undefined
  const [isMuted, setIsMuted] = useState(false)
  const [volume, setVolume] = useState(50)

  return (
    <div className="toolbar" role="toolbar" aria-label="Game options">
      <button
        type="button"
        className="btn btn--small"
        onClick={() => {
          if (online?.isActive) return online.togglePause()
          if (isPaused) host.resume()
          else host.pause()
          setIsPaused(!isPaused)
        }}
      >
        {(isRoomPaused ?? isPaused) ? 'RESUME' : 'PAUSE'}
      </button>
      <button
        type="button"
        className="btn btn--small"
        onClick={() => {
          if (online?.refuse('Reset')) return
          host.reset()
          if (isPaused) {
            host.resume()
            setIsPaused(false)
          }
        }}
      >
        RESET
      </button>
      <button
        type="button"
        className="btn btn--small"
        aria-pressed={isMuted}
        onClick={() => {
          host.setMuted(!isMuted)
          setIsMuted(!isMuted)
        }}
      >
        {isMuted ? 'UNMUTE' : 'MUTE'}
      </button>
      <label className="toolbar__volume">
        <span className="visually-hidden">Volume</span>
        <input
          type="range"
          min={0}
          max={100}
          value={volume}
          onChange={(event) => {
            const next = Number(event.target.value)
            setVolume(next)
            host.setVolume(next / 100)
          }}
        />
      </label>
      <button
        type="button"
        className="btn btn--small pad-zone"
        aria-pressed={time.isRewinding}
        title="Hold to rewind (R)"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId)
          time.setRewinding(true)
        }}
        onPointerUp={() => time.setRewinding(false)}
        onPointerCancel={() => time.setRewinding(false)}
        onLostPointerCapture={() => time.setRewinding(false)}
      >
        ◀◀ REWIND
      </button>
      <button
        type="button"
        className="btn btn--small"
        aria-pressed={time.fastForward !== 'off'}
        title="Fast-forward: ×1, ×3, as fast as possible (F)"
        onClick={time.cycleFastForward}
      >
        {SPEED_LABEL[time.fastForward]}
      </button>
      <button
        type="button"
        className="btn btn--small"
        onClick={() => {
          const target = fullscreenTarget()
          if (document.fullscreenElement) void document.exitFullscreen()
          else void target?.requestFullscreen().then(() => prefersLandscape && lockLandscape())
        }}
      >
        FULLSCREEN
      </button>
      {cover?.canUse ? <CoverButton cover={cover} /> : null}
    </div>
  )
}

function CoverButton({ cover }: { cover: CoverControl }) {
  return (
    <>
      <button
        type="button"
        className="btn btn--small"
        title="Use this picture as the game’s cover in the library"
        disabled={cover.isSaving}
        onClick={() => void cover.takeThisPicture()}
      >
        {cover.isSaving ? 'SAVING…' : 'USE AS COVER'}
      </button>
      {cover.note ? (
        <span
          className={`toolbar__note${cover.note.isError ? ' toolbar__note--error' : ''}`}
          role="status"
        >
          {cover.note.text}
        </span>
      ) : null}
    </>
  )
}
