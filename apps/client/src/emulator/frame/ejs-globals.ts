// The slice of EmulatorJS 4.2.3 internals the frame uses (it ships no types). Only src/emulator/frame/
// touches these.

/** The slice of Emscripten's FS the frame uses (battery save files). */
export interface EjsFileSystem {
  writeFile(path: string, data: Uint8Array): void
  unlink(path: string): void
  mkdirTree(path: string): void
  analyzePath(path: string): { exists: boolean }
}

export interface EjsGameManager {
  simulateInput(player: number, id: number, value: number): void
  toggleMainLoop(playing: 0 | 1): void
  restart(): void
  getFrameNum(): number
  screenshot(): Promise<Uint8Array>
  getState(): Uint8Array
  loadState(state: Uint8Array): void
  getSaveFilePath(): string
  /** Flushes the core's battery RAM to its file and returns the file (null when the game has none). */
  getSaveFile(save?: boolean): Uint8Array | null
  toggleFastForward(active: 0 | 1): void
  setFastForwardRatio(ratio: number): void
  /** Sets a core option (fceumm_aspect...) while the game runs. */
  setVariable(option: string, value: string): void
  FS: EjsFileSystem
  /** The core's exports as EmulatorJS wraps them (only those the frame calls directly). */
  functions: {
    /** "size|address|1" for a loaded game; "<why>||0" when there is nothing to serialise. */
    saveStateInfo(): string
  }
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
  /** Runs the core's Emscripten factory (window.EJS_Runtime) on the core's wasm bytes. */
  initModule(wasmData: unknown, threadData: unknown): void
}

/** The part of the Emscripten module options EmulatorJS passes to EJS_Runtime that the frame extends. */
export interface EjsRuntimeOptions {
  /** Emscripten's hook for instantiating the wasm itself: `receive(instance, module)`. */
  instantiateWasm?: (
    imports: WebAssembly.Imports,
    receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ) => object
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
  /** Defined by the core's script (fceumm_libretro.js): the Emscripten module factory. */
  EJS_Runtime?: (options: EjsRuntimeOptions) => Promise<unknown>
}
