// The page globals the specs use (declared in the client's src/emulator/game-instance.ts).
export {}

declare global {
  interface Window {
    gameInstance?: {
      press(button: string, durationMs: number): void
      setButton(button: string, down: boolean): void
      fps(): number
      screenshot(): Promise<Blob>
      readMemory(address: number, length: number): Promise<Uint8Array>
    }
    /** Inside an emulator iframe: the frame's API (apps/client/src/emulator/frame/frame-api.ts). */
    nesFrame?: { frameCount(): number }
  }
}
