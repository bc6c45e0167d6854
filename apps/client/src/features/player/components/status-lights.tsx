// The console's three lights: power (green) while a game runs, loading (yellow), error (red).
import type { PlayerStatus } from '../lib/player-state'

const LIGHTS = [
  { name: 'power', label: 'POWER', on: (s: PlayerStatus) => s === 'running' },
  { name: 'loading', label: 'LOADING', on: (s: PlayerStatus) => s === 'loading' },
  { name: 'error', label: 'ERROR', on: (s: PlayerStatus) => s === 'error' },
] as const

export function StatusLights({ status }: { status: PlayerStatus }) {
  return (
    <ul className="lights" aria-label="Status lights">
      {LIGHTS.map(({ name, label, on }) => {
        const isOn = on(status)
        return (
          <li key={name} className="lights__item">
            <span
              className={`light light--${name}${isOn ? ' light--on' : ''}`}
              data-testid={`light-${name}`}
              data-on={isOn}
              aria-label={`${label} light ${isOn ? 'on' : 'off'}`}
              role="img"
            />
            <span className="lights__label">{label}</span>
          </li>
        )
      })}
    </ul>
  )
}
