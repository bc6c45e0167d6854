// The LIVE switch beside COMPILE & RUN: rebuild and restart the preview as you type (off by default).
interface LiveToggleProps {
  isLive: boolean
  onChange: (isLive: boolean) => void
}

export function LiveToggle({ isLive, onChange }: LiveToggleProps) {
  return (
    <label className={`studio-live${isLive ? ' studio-live--on' : ''}`}>
      <input type="checkbox" checked={isLive} onChange={(e) => onChange(e.target.checked)} />
      <span className="studio-live__led" aria-hidden="true" />
      Live
    </label>
  )
}
