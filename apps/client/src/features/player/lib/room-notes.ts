// Which note the room shows (the Online panel's note line and the bar over the picture say the same): the
// newest one. A passing note — a refusal (a control that is off during a room, 5 s) or the room's own
// ("Re-synced", "Player 2 left the room.", 4 s) — replaces the passing note before it; what holds the room (a
// pause, a lost player) lasts while it holds and shows again once a newer passing note has passed. A slow
// network's wait shows only when nothing else does: it comes and goes with every late frame.
import type { SessionView } from '../../../netplay/netplay-session'

/** A note and when it began, in the order notes arrived. */
interface Dated {
  text: string
  seq: number
}

/** The room as the player's UI keeps it: the session's view and the notes with their order. */
export interface RoomNotes {
  view: SessionView | undefined
  /** The newest passing note: this player's refusal or the room's note. */
  passing: (Dated & { from: 'refusal' | 'room' }) | undefined
  held: Dated | undefined
  /** The last room note seen (`view.noteId`). */
  noteId: number
  seq: number
}

export type RoomNotesAction =
  | { type: 'view'; view: SessionView | undefined }
  | { type: 'refuse'; text: string }
  | { type: 'refusal-over' }

export const noRoomNotes: RoomNotes = {
  view: undefined,
  passing: undefined,
  held: undefined,
  noteId: 0,
  seq: 0,
}

/** Why the room is held on purpose or by a lost player: it lasts while it holds. */
export function heldNote(view: SessionView): string | undefined {
  if (view.phase === 'reconnecting') return 'Connection lost: reconnecting…'
  if (view.phase === 'connecting') return 'Connecting to the room…'
  if (view.phase === 'loading') return "Loading the room's game…"
  if (view.paused?.reason === 'pause') return `Paused by player ${view.paused.pad}.`
  if (view.paused?.reason === 'hidden') {
    return `Paused: player ${view.paused.pad}'s tab is in the background.`
  }
  const away = view.waitingFor[0]
  return away !== undefined ? `waiting for player ${away}…` : undefined
}

/** A wait for the network longer than a moment (shown when no other note is). */
export function slowNote(view: SessionView): string | undefined {
  if (view.waitingMs <= 300) return undefined
  const other = view.pad === 1 ? 2 : view.pad === 2 ? 1 : undefined
  return other ? `waiting for player ${other}…` : 'waiting for the players…'
}

function withView(state: RoomNotes, view: SessionView | undefined): RoomNotes {
  if (!view) return { ...noRoomNotes, seq: state.seq }
  let { seq, passing, held } = state
  if (view.note !== null && view.noteId !== state.noteId) {
    passing = { text: view.note, seq: ++seq, from: 'room' }
  } else if (view.note === null && passing?.from === 'room') passing = undefined
  const holding = heldNote(view)
  if (holding === undefined) held = undefined
  else if (held?.text !== holding) held = { text: holding, seq: ++seq }
  return { view, passing, held, noteId: view.noteId, seq }
}

/** The next state of the room's notes. */
export function roomNotes(state: RoomNotes, action: RoomNotesAction): RoomNotes {
  switch (action.type) {
    case 'view':
      return withView(state, action.view)
    case 'refuse': {
      const seq = state.seq + 1
      return { ...state, passing: { text: action.text, seq, from: 'refusal' }, seq }
    }
    case 'refusal-over':
      return state.passing?.from === 'refusal' ? { ...state, passing: undefined } : state
  }
}

/** The note the room shows now, if any: the newest standing one, else a slow network's wait. */
export function shownNote(state: RoomNotes): string | undefined {
  const { view, passing, held } = state
  if (!view) return undefined
  const newest = passing && held ? (passing.seq > held.seq ? passing : held) : (passing ?? held)
  return newest?.text ?? slowNote(view)
}
