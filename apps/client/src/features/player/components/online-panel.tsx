// The Online panel: PLAY ONLINE for the running game, then the room — its invite link with COPY LINK,
// a status line (players, ping, delay, re-syncs), who is in it (the host hands pad 2 to a spectator),
// the room's newest note (lib/room-notes.ts), and LEAVE ROOM. After the room ends it says why.
import { useState } from 'react'
import type { RoomMember } from '@nes-studio/shared/netplay-api'
import { UnlockForm } from '../../../components/unlock-form'
import type { SessionView } from '../../../netplay/netplay-session'
import type { OnlinePlay } from '../hooks/use-online-play'
import { compactParts } from './online-bar'

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

/** `2P · 34 MS · DELAY 3 · 0 RE-SYNCS`: the status line in the words that fit one line of a phone's panel. */
export function shortStatusLine(view: SessionView): string {
  return [...compactParts(view), `${view.resyncs} RE-SYNC${view.resyncs === 1 ? '' : 'S'}`].join(
    ' · ',
  )
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
        {/* One of the two shows, by the panel's width (online-panel.css). */}
        <span className="online__status-full">{statusLine(view)}</span>
        <span className="online__status-short">{shortStatusLine(view)}</span>
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
        {online.note ?? ''}
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
