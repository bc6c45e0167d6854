// The room's state in one line over the top edge of the picture, so a phone player sees it while playing
// (the Online panel with the full status line is below the fold there): a note when the game waits, is
// paused or was re-synced, else players, ping and delay. Screen readers get the panel's live regions.
import type { SessionView } from '../../../netplay/netplay-session'
import type { OnlinePlay } from '../hooks/use-online-play'

/** `2P +1`, `34 MS`, `DELAY 3`: players (and spectators), ping and delay in a phone's few characters. */
export function compactParts(view: SessionView): string[] {
  const players = view.members.filter((m) => m.pad !== null).length
  const watching = view.members.length - players
  return [
    `${players}P${watching > 0 ? ` +${watching}` : ''}`,
    `${view.pingMs} MS`,
    `DELAY ${view.delay}`,
  ]
}

/** `ONLINE · 2P · 34 MS · DELAY 3`: the status line cut to fit a phone's width. */
export function compactStatus(view: SessionView): string {
  return ['ONLINE', ...compactParts(view)].join(' · ')
}

export function OnlineBar({ online }: { online: OnlinePlay }) {
  const { view } = online
  if (!view || view.phase === 'ended') return null
  const { note } = online
  return (
    <div className="online-bar" data-testid="online-bar" aria-hidden="true">
      {note ? (
        <span className="online-bar__note">{note}</span>
      ) : (
        <span className="online-bar__status">{compactStatus(view)}</span>
      )}
    </div>
  )
}
