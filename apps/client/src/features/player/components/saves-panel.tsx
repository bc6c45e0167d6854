// The Saves panel of the running game: its save states (thumbnail, slot, time) with Load, Download,
// Copy link (library games) and Delete; Save state into a new slot, and Load a state file from disk.
// Where the states live is said plainly: on the server for a library game, in this browser otherwise; where
// this browser left off is offered at the top while the game plays on.
// On a write-protected server (LIBRARY_TOKEN) a library game's panel offers the unlock form, so the
// token can be given where the save failed.
import { useRef } from 'react'
import { UnlockForm } from '../../../components/unlock-form'
import type { SavesUi } from '../hooks/use-saves'
import type { BatteryConflict, StoredState } from '../saves/saves'

function when(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString()
}

function label(state: StoredState, where: 'server' | 'browser'): string {
  // A library game's resume state on the server was kept there by an earlier version, for every visitor.
  if (state.kind === 'resume')
    return where === 'server' && !state.inThisBrowser ? 'Resume (library)' : 'Resume'
  return state.slot ?? (state.kind === 'auto' ? 'Auto' : 'Saved')
}

interface StateRowProps {
  state: StoredState
  ui: SavesUi
  where: 'server' | 'browser'
}

function StateRow({ state, ui, where }: StateRowProps) {
  const name = label(state, where)
  // A link opens the moment in another browser: only states on the server have one.
  const canLink = where === 'server' && !state.inThisBrowser
  return (
    <li className="saves__item" data-testid="save-state" data-kind={state.kind}>
      {state.thumbnailUrl ? (
        <img className="saves__thumb" src={state.thumbnailUrl} alt="" width={64} height={56} />
      ) : (
        <span className="saves__thumb saves__thumb--empty" aria-hidden="true" />
      )}
      <span className="saves__text">
        <span className="saves__name">{name}</span>
        <time className="saves__time" dateTime={state.createdAt}>
          {when(state.createdAt)}
        </time>
      </span>
      <span className="saves__actions">
        <button
          type="button"
          className="btn btn--small"
          aria-label={`Load ${name}`}
          disabled={ui.isBusy}
          onClick={() => void ui.load(state)}
        >
          LOAD
        </button>
        <button
          type="button"
          className="btn btn--small"
          aria-label={`Download ${name}`}
          disabled={ui.isBusy}
          onClick={() => void ui.download(state)}
        >
          ⤓
        </button>
        {canLink ? (
          <button
            type="button"
            className="btn btn--small"
            aria-label={`Copy link to ${name}`}
            onClick={() => void ui.copyLink(state)}
          >
            LINK
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn--small"
          aria-label={`Delete ${name}`}
          disabled={ui.isBusy}
          onClick={() => void ui.remove(state)}
        >
          ✕
        </button>
      </span>
    </li>
  )
}

interface SavesPanelProps {
  ui: SavesUi
  where: 'server' | 'browser'
  /** A problem with the battery save (it could not be loaded or kept). */
  problem: string | undefined
  /** A kept battery save the library's newer one did not let through, waiting for a choice. */
  conflict?: BatteryConflict | undefined
}

export function SavesPanel({ ui, where, problem, conflict }: SavesPanelProps) {
  const fileInput = useRef<HTMLInputElement>(null)
  const canLink = where === 'server'
  // A failed save can be the battery-save problem over again (a library game deleted while it runs):
  // it is said once.
  const message = ui.message && ui.message.text !== problem ? ui.message : undefined
  return (
    <section className="panel saves" aria-labelledby="saves-title">
      <div className="saves__head">
        <h2 id="saves-title" className="panel__title">
          Saves
        </h2>
        <span className="saves__where">
          {where === 'server' ? 'Kept in the library' : 'Kept in this browser'}
        </span>
      </div>
      <div className="saves__toolbar">
        <button
          type="button"
          className="btn btn--primary btn--small"
          disabled={ui.isBusy}
          onClick={() => void ui.save()}
        >
          SAVE STATE
        </button>
        <button
          type="button"
          className="btn btn--small"
          disabled={ui.isBusy}
          onClick={() => fileInput.current?.click()}
        >
          LOAD FILE
        </button>
        {canLink ? (
          <button type="button" className="btn btn--small" onClick={() => void ui.copyLink()}>
            COPY GAME LINK
          </button>
        ) : null}
        <input
          ref={fileInput}
          type="file"
          hidden
          data-testid="state-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) void ui.loadFile(file)
          }}
        />
      </div>
      {where === 'server' ? <UnlockForm purpose="to keep saves and states on the server" /> : null}
      {problem ? (
        <p className="saves__message saves__message--error" role="alert">
          {problem}
        </p>
      ) : null}
      {ui.resumeOffer ? <ResumeOffer offer={ui.resumeOffer} ui={ui} /> : null}
      {conflict ? <ConflictNotice conflict={conflict} ui={ui} /> : null}
      <p
        className={`saves__message${message?.isError ? ' saves__message--error' : ''}`}
        role={message?.isError ? 'alert' : 'status'}
      >
        {message?.text ?? ''}
      </p>
      {ui.states.length === 0 ? (
        <p className="saves__empty">No saved states yet. F2 saves quickly, F4 loads it.</p>
      ) : (
        <ul className="saves__list">
          {ui.states.map((state) => (
            <StateRow key={state.id} state={state} ui={ui} where={where} />
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * A battery save this browser kept that the library's newer save (from another browser or tab) did not
 * let through: nothing is overwritten until the player picks one.
 */
function ConflictNotice({ conflict, ui }: { conflict: BatteryConflict; ui: SavesUi }) {
  const library = conflict.library
    ? `The library has a newer one, saved ${when(conflict.library)} from another browser or tab.`
    : 'The library no longer has one (it was deleted from another browser or tab).'
  return (
    <div className="saves__conflict" role="group" aria-label="Which battery save to keep?">
      <p className="saves__conflict-text">
        {`This browser kept a battery save of this game from ${when(new Date(conflict.keptAt).toISOString())}. ${library} Which one should the library keep?`}
      </p>
      <div className="saves__conflict-actions">
        <button
          type="button"
          className="btn btn--small"
          disabled={ui.isBusy}
          onClick={() => void ui.resolveConflict('browser')}
        >
          USE THIS BROWSER'S SAVE
        </button>
        <button
          type="button"
          className="btn btn--small"
          disabled={ui.isBusy}
          onClick={() => void ui.resolveConflict('library')}
        >
          KEEP THE LIBRARY'S SAVE
        </button>
      </div>
    </div>
  )
}

/** Where this browser left off in the game: CONTINUE loads it; the game plays on meanwhile. */
function ResumeOffer({ offer, ui }: { offer: StoredState; ui: SavesUi }) {
  return (
    <div className="saves__resume" role="group" aria-label="Continue where you left off?">
      {offer.thumbnailUrl ? (
        <img className="saves__thumb" src={offer.thumbnailUrl} alt="" width={64} height={56} />
      ) : null}
      <p className="saves__resume-text">
        <span className="saves__resume-title">CONTINUE WHERE YOU LEFT OFF?</span>
        <time className="saves__time" dateTime={offer.createdAt}>
          {when(offer.createdAt)}
        </time>
      </p>
      <span className="saves__actions">
        <button
          type="button"
          className="btn btn--primary btn--small"
          disabled={ui.isBusy}
          onClick={() => void ui.continueResume()}
        >
          CONTINUE
        </button>
        <button
          type="button"
          className="btn btn--small"
          aria-label="Not now: keep playing from here"
          onClick={ui.dismissResume}
        >
          NOT NOW
        </button>
      </span>
    </div>
  )
}
