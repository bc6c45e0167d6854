// The cc65 worker: loads the WebAssembly toolchain (only for cc65 projects: nothing else imports this file) and
// runs builds with it, keeping a cache of tool runs so an edit rebuilds only what it touched.
import { loadToolchain } from '@nes-studio/cc65-wasm'
import type { ToolchainFile } from '@nes-studio/cc65-wasm'
import ca65Url from '@nes-studio/cc65-wasm/toolchain/ca65.wasm?url'
import cc65Url from '@nes-studio/cc65-wasm/toolchain/cc65.wasm?url'
import ld65Url from '@nes-studio/cc65-wasm/toolchain/ld65.wasm?url'
import shareUrl from '@nes-studio/cc65-wasm/toolchain/share.zip?url'
import { buildRequest } from './cc65-build'
import { isCc65BuildRequest } from './cc65-protocol'
import type { Cc65Response } from './cc65-protocol'
import { RunCache } from './run-cache'

const scope = self as unknown as DedicatedWorkerGlobalScope

const URLS: Record<ToolchainFile, string> = {
  'ca65.wasm': ca65Url,
  'cc65.wasm': cc65Url,
  'ld65.wasm': ld65Url,
  'share.zip': shareUrl,
}

function post(message: Cc65Response): void {
  const transfer: ArrayBuffer[] = []
  // the ROM's array is the run cache's too (a later build may answer with it): a copy crosses over
  if (message.type === 'result' && message.rom) {
    message.rom = message.rom.slice()
    transfer.push(message.rom.buffer as ArrayBuffer)
  }
  if (message.type === 'result' && message.debug)
    transfer.push(message.debug.statements.buffer as ArrayBuffer)
  scope.postMessage(message, transfer)
}

async function read(file: ToolchainFile): Promise<Uint8Array> {
  const response = await fetch(URLS[file])
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`)
  return new Uint8Array(await response.arrayBuffer())
}

const ready = loadToolchain(read).then(
  (toolchain) => {
    post({ type: 'ready' })
    return new RunCache(toolchain)
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    post({ type: 'load-failed', message: `The cc65 toolchain did not load: ${message}` })
    return undefined
  },
)

scope.addEventListener('message', (event: MessageEvent<unknown>) => {
  const request = event.data
  const id =
    typeof (request as { id?: unknown })?.id === 'number' ? (request as { id: number }).id : -1
  if (!isCc65BuildRequest(request)) {
    post({ type: 'failure', id, message: 'Malformed request to the cc65 worker' })
    return
  }
  void ready.then((cache) => {
    if (!cache) return post({ type: 'failure', id, message: 'The cc65 toolchain did not load' })
    const started = performance.now()
    const [hits, misses] = [cache.hits, cache.misses]
    try {
      const result = buildRequest(cache, request)
      const elapsedMs = performance.now() - started
      post({
        type: 'result',
        id,
        ...result,
        elapsedMs,
        reused: cache.hits - hits,
        ran: cache.misses - misses,
      })
    } catch (error) {
      // the build code never throws for anything a project does: this is a bug, reported rather than lost
      const message = error instanceof Error ? error.message : String(error)
      post({ type: 'failure', id, message: `The cc65 build crashed: ${message}` })
    }
  })
})
