// The Online panel: PLAY ONLINE for the running game, then the room — its invite link with COPY LINK,
// a status line (players, ping, delay, re-syncs), who is in it (the host hands pad 2 to a spectator),
// why the game waits or is paused, and LEAVE ROOM. After the room ends it says why.
import { useState } from 'react'
import type { RoomMember } from '@nes-studio/shared/netplay-api'
import { UnlockForm } from '../../../components/unlock-form'
import type { SessionView } from '../../../netplay/netplay-session'
import type { OnlinePlay } from '../hooks/use-online-play'

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`

function memberLabel(member: RoomMember, me: string | null): string {
  const who = member.pad === null ? 'Spectator' : `Player ${member.pad}`
  const host = member.role === 'host' ? ' (host)' : ''
  const you = member.id === me ? ' — you' : ''
  const away = member.connected ? '' : ' — connection lost'
  return `${who}${host}${you}${away}`
}

/** Players, ping in ms, delay in frames, re-syncs: the room's status line. */
export function statusLine(view: SessionView): string {
  const players = view.members.filter((m) => m.pad !== null).length
  const spectators = view.members.length - players
  const parts = [
    plural(players, 'player'),
    ...(spectators > 0 ? [plural(spectators, 'spectator')] : []),
    `ping ${view.pingMs} ms`,
    `delay ${plural(view.delay, 'frame')}`,
    plural(view.resyncs, 're-sync'),
  ]
  return parts.join(' · ')
}

/** Why the game is not moving, if it is not: a pause, a hidden tab, a player away, a slow network. */
/** Why the room is held on purpose or by a lost player: it lasts, so it shows over a passing note. */
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

/** The note the room shows now, if any (the panel's note line and the bar over the picture say the same). */
export function roomNote(online: OnlinePlay, view: SessionView): string | undefined {
  return online.refusal ?? heldNote(view) ?? view.note ?? slowNote(view)
}

function InviteLink({ url }: { url: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <div className="online__invite">
      <input
        className="online__link"
        readOnly
        value={url}
        aria-label="Invite link"
        onFocus={(event) => event.target.select()}
      />
      <button
        type="button"
        className="btn btn--small"
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }}
      >
        {copied ? 'COPIED' : 'COPY LINK'}
      </button>
    </div>
  )
}

function Room({ online, view }: { online: OnlinePlay; view: SessionView }) {
  const isHost = view.role === 'host'
  return (
    <>
      <p className="online__status" role="status" data-testid="online-status">
        {statusLine(view)}
      </p>
      {online.inviteUrl ? <InviteLink url={online.inviteUrl} /> : null}
      <ul className="online__members">
        {view.members.map((member) => (
          <li key={member.id} className="online__member">
            <span>{memberLabel(member, view.me)}</span>
            {isHost && member.pad === null ? (
              <button
                type="button"
                className="btn btn--small"
                onClick={() => online.givePad(member.id)}
              >
                GIVE PAD 2
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="online__note" role="alert" data-testid="online-note">
        {roomNote(online, view) ?? ''}
      </p>
      <button type="button" className="btn btn--small" onClick={online.leave}>
        LEAVE ROOM
      </button>
    </>
  )
}

export function OnlinePanel({ online, isRunning }: { online: OnlinePlay; isRunning: boolean }) {
  const { view } = online
  if (!view && !isRunning) return null
  return (
    <section
      className="panel online"
      aria-labelledby="online-title"
      data-testid="online-panel"
      data-hashes={view?.hashes.join(' ')}
    >
      <h2 id="online-title" className="panel__title">
        Online
      </h2>
      {view && view.phase !== 'ended' ? (
        <Room online={online} view={view} />
      ) : (
        <>
          {view?.endedReason ? (
            <p className="online__ended" role="alert">
              {view.endedReason}
            </p>
          ) : null}
          {isRunning ? (
            <>
              <button
                type="button"
                className="btn btn--primary"
                disabled={online.isOpening}
                onClick={online.open}
              >
                {online.isOpening ? 'OPENING…' : 'PLAY ONLINE'}
              </button>
              <p className="online__hint">
                Opens a room for this game and gives you a link: whoever opens it plays pad 2 from
                this moment on, in their own browser.
              </p>
            </>
          ) : null}
          {online.problem ? (
            <p className="online__ended" role="alert">
              {online.problem}
            </p>
          ) : null}
          <UnlockForm purpose="to open an online room" />
        </>
      )}
    </section>
  )
}
