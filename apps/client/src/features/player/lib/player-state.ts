// The player's state machine (spec section 4): empty → ready (file chosen) → loading → running, with
// error on failure. Try Again clears the error and keeps the file; eject clears everything; choosing a
// new file clears any error (the caller stops the running game).

export type PlayerStatus = 'empty' | 'ready' | 'loading' | 'running' | 'error'

export interface PlayerState {
  status: PlayerStatus
  file: File | undefined
  error: string | undefined
  /** Message of the last rejected file choice (shown as an alert; the state stays as it was). */
  alert: string | undefined
}

export type PlayerAction =
  | { type: 'choose'; file: File }
  | { type: 'reject'; message: string }
  | { type: 'dismissAlert' }
  | { type: 'load' }
  | { type: 'started' }
  | { type: 'failed'; message: string }
  | { type: 'retry' }
  | { type: 'powerOff' }
  | { type: 'eject' }

export const initialPlayerState: PlayerState = {
  status: 'empty',
  file: undefined,
  error: undefined,
  alert: undefined,
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'choose':
      return { status: 'ready', file: action.file, error: undefined, alert: undefined }
    case 'reject':
      return { ...state, alert: action.message }
    case 'dismissAlert':
      return { ...state, alert: undefined }
    case 'load':
      return state.file
        ? { ...state, status: 'loading', error: undefined, alert: undefined }
        : state
    case 'started':
      return state.status === 'loading' ? { ...state, status: 'running' } : state
    case 'failed':
      return state.file ? { ...state, status: 'error', error: action.message } : state
    case 'retry':
    case 'powerOff':
      return state.file ? { ...state, status: 'ready', error: undefined } : state
    case 'eject':
      return initialPlayerState
  }
}

/** Whether the game display is shown: hidden without a game instance, flex while loading/error/running. */
export function isDisplayVisible(status: PlayerStatus): boolean {
  return status === 'loading' || status === 'running' || status === 'error'
}
