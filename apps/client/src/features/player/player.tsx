// The player console: lights, screen, cartridge slot, POWER/EJECT, options and the on-screen controller.
// On a desktop the controller is a panel below the console; on narrow or touch screens ("handheld") the
// pad sits around the screen so the game and every button fit one viewport. Other features hand it a
// cartridge through the PlayerHandle (app/ wires the library's onLoadRom to it).
import './player.css'
import './handheld.css'
import './saves-panel.css'
import './controls-dialog.css'
import './online-panel.css'
import { useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react'
import type { CSSProperties, Ref } from 'react'
import { getGameInstance } from '../../emulator/game-instance'
import { PICTURE_RATIO } from './constants'
import { describeKeys } from '../../emulator/key-map'
import type { PlayerIndex } from '../../emulator/key-map'
import type { EmulatorHost, NesButton } from '../../emulator/types'
import { useGameKeys } from '../../hooks/use-game-keys'
import { useGamepad } from '../../hooks/use-gamepad'
import { useInputSettings } from '../../hooks/use-input-settings'
import { usePlayIntent } from '../../hooks/use-play-intent'
import { useNesPad } from '../../components/nes-pad'
import type { PadProps } from '../../components/nes-pad'
import { CartridgeSlot } from './components/cartridge-slot'
import { ConsoleToolbar } from './components/console-toolbar'
import { ControlsDialog } from './components/controls-dialog'
import { ControlsPanel } from './components/controls-panel'
import { GameScreen } from './components/game-screen'
import { HandheldPad } from './components/handheld-pad'
import { OnlineBar } from './components/online-bar'
import { OnlinePanel } from './components/online-panel'
import { SavesPanel } from './components/saves-panel'
import { StatusLights } from './components/status-lights'
import { useCover } from './hooks/use-cover'
import { useEmulator } from './hooks/use-emulator'
import { useFps } from './hooks/use-fps'
import { revealGame, useGameInView } from './hooks/use-game-in-view'
import { usePlayerLayout } from './hooks/use-handheld-layout'
import { useOnlinePlay } from './hooks/use-online-play'
import { usePlayer } from './hooks/use-player'
import type { PlayerController } from './hooks/use-player'
import { QUICK_SLOT, useSaves } from './hooks/use-saves'
import { usePlayerHotkeys, useTimeControl } from './hooks/use-time-control'

export interface PlayerHandle {
  /**
   * Takes `file` as the cartridge and starts it (as if it had been dropped on the slot). A library entry
   * passes its id (its saves live on the server) and, for a shared moment, the state to load.
   */
  loadCartridge(file: File, options?: { romId?: string; stateId?: string }): void
  /** Shows a problem on the console (an unknown game in a shared link). */
  showProblem(message: string): void
  /** Joins the online room of an invite link; a library game is loaded with `loadLibraryRom`. */
  joinRoom(roomId: string, loadLibraryRom: (romId: string) => Promise<File>): void
}

/** Input from keys, gamepads and the on-screen pad, and what the pad shows. */
function usePlayerInput(host: EmulatorHost | undefined, isRunning: boolean): PadProps {
  const { pad, hold } = useNesPad(holdOnScreen)
  const onHeldButton = useCallback(
    (button: NesButton, down: boolean, player: PlayerIndex = 0) => {
      host?.setButton(button, down, player)
      if (player === 0) hold(button, down)
    },
    [host, hold],
  )
  useGameKeys(isRunning, onHeldButton)
  useGamepad(isRunning, onHeldButton)
  return pad
}

/** A finger on the pad: the button held on the running game's instance. */
function holdOnScreen(button: NesButton, down: boolean): void {
  const game = getGameInstance()
  if (game) game.setButton(button, down)
  else if (down) console.log(`Button ${button} pressed, but no game is running.`)
}

function PowerButton({ player, isRunning }: { player: PlayerController; isRunning: boolean }) {
  return (
    <button
      type="button"
      className={`power${isRunning ? ' power--on' : ''}`}
      aria-pressed={isRunning}
      disabled={!player.state.file || player.state.status === 'loading'}
      onClick={isRunning ? player.powerOff : player.start}
    >
      POWER
    </button>
  )
}

function EjectButton({ player }: { player: PlayerController }) {
  return (
    <button type="button" className="btn btn--primary eject" onClick={player.eject}>
      EJECT
    </button>
  )
}

/** The deck: the slot, with POWER and EJECT beside it unless the layout placed them (`buttons`). */
function ConsoleDeck(props: { player: PlayerController; isRunning: boolean; buttons: boolean }) {
  const { player, isRunning, buttons } = props
  return (
    <div className="console__deck">
      {buttons ? <PowerButton player={player} isRunning={isRunning} /> : null}
      <CartridgeSlot player={player} />
      {buttons && isRunning ? <EjectButton player={player} /> : null}
    </div>
  )
}

export function Player({ ref }: { ref?: Ref<PlayerHandle> }) {
  const containerRef = useRef<HTMLDivElement>(null)
  const consoleRef = useRef<HTMLElement>(null)
  const handheldRef = useRef<HTMLDivElement>(null)
  const screenRef = useRef<HTMLDivElement>(null)
  const host = useEmulator(containerRef)
  const player = usePlayer(host)
  const { status } = player.state
  const isRunning = status === 'running'
  const fps = useFps(host, isRunning)
  const layout = usePlayerLayout()
  const settings = useInputSettings()
  const pad = usePlayerInput(host, isRunning)
  const [isControlsOpen, setIsControlsOpen] = useState(false)
  const openControls = useCallback(() => setIsControlsOpen(true), [])
  const isHandheld = layout !== 'desktop'
  usePlayIntent(host?.preload)
  // A cartridge waiting in the slot is an intent to play too (it may have been chosen before the page's
  // intent listeners existed: a file picked on the server-rendered page before hydration).
  useEffect(() => {
    if (status === 'ready') host?.preload()
  }, [host, status])
  useGameInView(isRunning, layout, consoleRef, screenRef)
  useEffect(() => host?.setPictureShape(settings.pictureShape), [host, settings.pictureShape])
  const online = useOnlinePlay(host, player, isRunning)
  const time = useTimeControl(host, isRunning, online.refuse)
  const saves = useSaves(host, player.session, player.takePendingStateId, online.refuse)
  const cover = useCover(host, isRunning ? player.cartridge()?.romId : undefined, isRunning)
  usePlayerHotkeys(isRunning, {
    quickSave: () => void saves.save(QUICK_SLOT),
    quickLoad: () => void saves.quickLoad(),
    time,
  })

  useImperativeHandle(
    ref,
    () => ({
      loadCartridge: (file, options = {}) => {
        revealGame(consoleRef.current, screenRef.current)
        player.choose(file, {
          autoStart: true,
          source: options.romId ? { romId: options.romId } : {},
          ...(options.stateId ? { stateId: options.stateId } : {}),
        })
      },
      showProblem: player.showProblem,
      joinRoom: online.join,
    }),
    [player, online.join],
  )

  const screen = (
    <div className="console__bezel">
      <GameScreen
        status={status}
        error={player.state.error}
        containerRef={containerRef}
        hasScanlines={settings.scanlines}
        pictureShape={settings.pictureShape}
      />
    </div>
  )
  return (
    <div
      className={`player${isHandheld ? ' player--handheld' : ''}`}
      data-layout={layout}
      style={{ '--picture-ratio': PICTURE_RATIO[settings.pictureShape] } as CSSProperties}
    >
      <section className="console" aria-label="NES console" data-status={status} ref={consoleRef}>
        <div className="console__top">
          <span className="console__brand">NES STUDIO</span>
          <StatusLights status={status} />
          <span className="console__fps" data-testid="fps">
            FPS {isRunning ? fps : '--'}
          </span>
          {isHandheld ? (
            <button type="button" className="btn btn--small" onClick={openControls}>
              REMAP
            </button>
          ) : null}
        </div>
        {/* The screen keeps its place in the tree in every layout, so a layout change (a hydrated page
            on a phone, a window resized past the breakpoint) never remounts the game's container. */}
        <div
          className={isHandheld ? 'handheld' : 'console__screen-area'}
          ref={handheldRef}
          data-testid={isHandheld ? 'handheld' : undefined}
        >
          <div
            className={`console__picture${isHandheld ? ' handheld__screen' : ''}`}
            ref={screenRef}
          >
            {screen}
            <OnlineBar online={online} />
          </div>
          {layout !== 'desktop' ? (
            <HandheldPad
              layout={layout}
              pad={pad}
              power={<PowerButton player={player} isRunning={isRunning} />}
              eject={isRunning ? <EjectButton player={player} /> : null}
            />
          ) : null}
        </div>
        <ConsoleDeck player={player} isRunning={isRunning} buttons={layout !== 'landscape'} />
        {isRunning && host ? (
          <ConsoleToolbar
            host={host}
            fullscreenTarget={() => (isHandheld ? handheldRef.current : containerRef.current)}
            prefersLandscape={isHandheld}
            time={time}
            online={online}
            cover={cover}
          />
        ) : null}
      </section>
      <OnlinePanel online={online} isRunning={isRunning} />
      {player.session ? (
        <SavesPanel
          ui={saves}
          where={player.session.saves.where}
          problem={player.savesProblem}
          conflict={player.batteryConflict}
        />
      ) : null}
      <ControlsPanel
        {...pad}
        keysText={describeKeys(settings.bindings)}
        onOpenSettings={openControls}
        isHandheld={isHandheld}
      />
      <ControlsDialog isOpen={isControlsOpen} onClose={() => setIsControlsOpen(false)} />
    </div>
  )
}
