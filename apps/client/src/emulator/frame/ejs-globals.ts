// The slice of EmulatorJS 4.2.3 internals the frame uses (it ships no types). Only src/emulator/frame/
// touches these.

export interface EjsGameManager {
  simulateInput(player: number, id: number, value: number): void
  toggleMainLoop(playing: 0 | 1): void
  restart(): void
  getFrameNum(): number
  screenshot(): Promise<Uint8Array>
}

export interface EjsModule {
  EmscriptenSendCommand?: (command: string) => void
  EmscriptenReceiveCommandReply?: () => string | null | undefined
  AL?: { currentCtx?: { audioCtx?: AudioContext } }
}

export interface EjsInstance {
  gameManager?: EjsGameManager
  Module?: EjsModule
  config: Record<string, unknown>
  started: boolean
  setVolume?: (volume: number) => void
  settingsMenu?: HTMLElement
  /** Setting tables read by getSettingValue; created by setupSettingsMenu. */
  settings?: Record<string, unknown>
  allSettings?: Record<string, unknown>
  on(event: string, handler: (data?: unknown) => void): void
}

export interface EjsPrototype {
  checkForUpdates(): void
  startGameError(message: string): void
  downloadRom(): Promise<void>
  startGame(): void
  downloadFile(
    path: unknown,
    progress: unknown,
    notWithPath: boolean,
    opts: { method?: string; responseType?: string },
  ): Promise<unknown>
  checkCompression(data: unknown, message?: unknown, fileCallback?: unknown): Promise<unknown>
  setupSettingsMenu(): void
}

export interface EjsGameManagerPrototype {
  getRetroArchCfg(): string
}

export type EjsConstructor = (new (
  selector: string,
  config: Record<string, unknown>,
) => EjsInstance) & {
  prototype: EjsPrototype
}

export interface EjsWindow {
  EmulatorJS?: EjsConstructor
  EJS_GameManager?: { prototype: EjsGameManagerPrototype }
  EJS_emulator?: EjsInstance
}
