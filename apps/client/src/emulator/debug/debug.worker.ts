// The debug engine's Web Worker: jsnes off the main thread, so a runaway program never freezes the page.
import { DebugSession } from './debug-session'

const scope = self as unknown as DedicatedWorkerGlobalScope
const session = new DebugSession((message, transfer) => scope.postMessage(message, transfer ?? []))
scope.addEventListener('message', (event: MessageEvent<unknown>) => session.handle(event.data))
