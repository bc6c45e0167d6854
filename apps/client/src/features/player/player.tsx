// The player console: lights, screen, cartridge slot, POWER/EJECT, options and the on-screen controller.
// Other features hand it a cartridge through the PlayerHandle (app/ wires the library's onLoadRom to it).
import './player.css'
import { useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react'
import type { Ref } from 'react'
import type { NesButton } from '../../emulator/types'
import { CartridgeSlot } from './components/cartridge-slot'
import { ConsoleToolbar } from './components/console-toolbar'
import { ControlsPanel, pressOnScreenButton } from './components/controls-panel'
import { GameScreen } from './components/game-screen'
import { StatusLights } from './components/status-lights'
import { useEmulator } from './hooks/use-emulator'
import { useGamepad } from './hooks/use-gamepad'
import { useGameKeys } from '../../hooks/use-game-keys'
import { usePlayer } from './hooks/use-player'
import { usePressedButtons } from './hooks/use-pressed-buttons'

export interface PlayerHandle {
  /** Takes `file` as the cartridge and starts it (as if it had been dropped on the slot). */
  loadCartridge(file: File): void
}

function useFps(host: { fps(): number } | undefined, isRunning: boolean): number {
  const [fps, setFps] = useState(0)
  useEffect(() => {
    if (!host || !isRunning) return
    const timer = setInterval(() => setFps(Math.round(host.fps())), 500)
    return () => {
      clearInterval(timer)
      setFps(0)
    }
  }, [host, isRunning])
  return fps
}

export function Player({ ref }: { ref?: Ref<PlayerHandle> }) {
  const containerRef = useRef<HTMLDivElement>(null)
  const consoleRef = useRef<HTMLElement>(null)
  const host = useEmulator(containerRef)
  const player = usePlayer(host)
  const { status } = player.state
  const isRunning = status === 'running'
  const fps = useFps(host, isRunning)
  const { pressed, flash, hold } = usePressedButtons()

  useImperativeHandle(
    ref,
    () => ({ loadCartridge: (file) => player.choose(file, { autoStart: true }) }),
    [player],
  )

  const onHeldButton = useCallback(
    (button: NesButton, down: boolean) => {
      host?.setButton(button, down)
      hold(button, down)
    },
    [host, hold],
  )
  useGameKeys(isRunning, onHeldButton)
  useGamepad(isRunning, onHeldButton)

  const onScreenPress = useCallback(
    (button: NesButton) => {
      flash(button)
      pressOnScreenButton(button)
    },
    [flash],
  )

  return (
    <div className="player">
      <section ref={consoleRef} className="console" aria-label="NES console" data-status={status}>
        <div className="console__top">
          <span className="console__brand">NES STUDIO</span>
          <StatusLights status={status} />
          <span className="console__fps" data-testid="fps">
            FPS {isRunning ? fps : '--'}
          </span>
        </div>
        <div className="console__bezel">
          <GameScreen status={status} error={player.state.error} containerRef={containerRef} />
        </div>
        <div className="console__deck">
          <button
            type="button"
            className={`power${isRunning ? ' power--on' : ''}`}
            aria-pressed={isRunning}
            disabled={!player.state.file || status === 'loading'}
            onClick={isRunning ? player.powerOff : player.start}
          >
            POWER
          </button>
          <CartridgeSlot player={player} />
          {isRunning ? (
            <button type="button" className="btn btn--primary eject" onClick={player.eject}>
              EJECT
            </button>
          ) : null}
        </div>
        {isRunning && host ? (
          <ConsoleToolbar host={host} fullscreenTarget={() => containerRef.current} />
        ) : null}
      </section>
      <ControlsPanel pressed={pressed} onPress={onScreenPress} />
    </div>
  )
}
