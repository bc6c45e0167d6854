// The cartridge slot: pick a .nes file by click or drag and drop; shows the four slot states.
import { PLAY_INTENT } from '../../../hooks/use-play-intent'
import { useRef } from 'react'
import { useEarlyFile } from '../../../hooks/use-early-file'
import { useFileDrop } from '../../../hooks/use-file-drop'
import type { PlayerController } from '../hooks/use-player'
import { DEFAULT_ERROR_MESSAGE } from '../lib/validate-rom'

export function CartridgeSlot({ player }: { player: PlayerController }) {
  const input = useRef<HTMLInputElement>(null)
  const { status, file, error, alert } = player.state

  const { isDragging, dropProps } = useFileDrop((dropped) =>
    player.choose(dropped, { autoStart: true }),
  )
  useEarlyFile(input, (early, { isDropped }) =>
    player.choose(early, isDropped ? { autoStart: true } : {}),
  )

  return (
    <div className="slot" data-status={status} {...PLAY_INTENT}>
      <input
        ref={input}
        type="file"
        accept=".nes"
        className="visually-hidden"
        data-testid="cartridge-input"
        tabIndex={-1}
        onChange={(event) => {
          const chosen = event.target.files?.[0]
          if (chosen) player.choose(chosen)
          event.target.value = ''
        }}
      />
      {status === 'empty' ? (
        <button
          type="button"
          className={`slot__drop${isDragging ? ' slot__drop--active' : ''}`}
          data-testid="cartridge-slot"
          onClick={() => input.current?.click()}
          {...dropProps}
        >
          <span className="slot__title">INSERT CARTRIDGE</span>
          <span className="slot__hint">.NES files only</span>
          <span className="slot__hint slot__hint--blink">DRAG &amp; DROP OR CLICK</span>
        </button>
      ) : (
        <div className="slot__loaded" data-testid="cartridge-slot" {...dropProps}>
          <SlotContents player={player} />
        </div>
      )}
      {alert ? (
        <div className="slot__alert" role="alert">
          <span>{alert}</span>
          <button
            type="button"
            className="slot__alert-close"
            aria-label="Dismiss"
            onClick={player.dismissAlert}
          >
            ×
          </button>
        </div>
      ) : null}
      <span className="visually-hidden" aria-live="polite">
        {status === 'error' ? `ERROR ${error ?? DEFAULT_ERROR_MESSAGE}` : file ? file.name : ''}
      </span>
    </div>
  )
}

function SlotContents({ player }: { player: PlayerController }) {
  const { status, file, error } = player.state
  switch (status) {
    case 'ready':
      return (
        <>
          <span className="slot__title slot__title--ok">CARTRIDGE READY</span>
          <span className="slot__file" data-testid="cartridge-name">
            {file?.name}
            <button
              type="button"
              className="slot__remove"
              aria-label="Remove cartridge"
              onClick={player.eject}
            >
              ×
            </button>
          </span>
          <button type="button" className="btn btn--primary slot__start" onClick={player.start}>
            PRESS START
          </button>
        </>
      )
    case 'loading':
      return <span className="slot__title slot__title--blink">LOADING...</span>
    case 'error':
      return (
        <>
          <span className="slot__title slot__title--error">ERROR</span>
          <span className="slot__message" data-testid="slot-error">
            {error ?? DEFAULT_ERROR_MESSAGE}
          </span>
          <button type="button" className="btn" onClick={player.retry}>
            Try Again
          </button>
        </>
      )
    case 'running':
      return (
        <>
          <span className="slot__title slot__title--ok">NOW PLAYING</span>
          <span className="slot__file" data-testid="cartridge-name">
            {file?.name}
          </span>
        </>
      )
    case 'empty':
      return null
  }
}
