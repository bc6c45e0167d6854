// One library entry: title, size, mapper (and, for a mapper the emulator cannot run, that it will not play), and
// its load and delete controls.
import type { Ref } from 'react'
import type { RomEntry } from '@nes-studio/shared'
import { isMapperSupported } from '../../../emulator/fceumm-mappers'
import { formatFileSize } from '../../../lib/format-size'

interface RomListItemProps {
  /** Measures the row (the virtualised list reads its height). */
  ref?: Ref<HTMLLIElement>
  /** Position in the whole list, and the row's top in pixels inside it. */
  index: number
  offsetPx: number
  rom: RomEntry
  isLoading: boolean
  isDeleting: boolean
  onLoad: (rom: RomEntry) => void
  onDelete: (rom: RomEntry) => void
}

export function mapperLabel(rom: Pick<RomEntry, 'mapper' | 'mapperName'>): string {
  return rom.mapperName ? `Mapper ${rom.mapper} · ${rom.mapperName}` : `Mapper ${rom.mapper}`
}

export function RomListItem(props: RomListItemProps) {
  const { ref, index, offsetPx, rom, isLoading, isDeleting, onLoad, onDelete } = props
  return (
    <li
      ref={ref}
      className="rom-item"
      data-testid="rom-item"
      data-rom-id={rom.id}
      data-index={index}
      style={{ transform: `translateY(${offsetPx}px)` }}
    >
      <div className="rom-item__info">
        <span className="rom-item__title" title={rom.fileName}>
          {rom.title}
        </span>
        <span className="rom-item__meta">
          <span data-testid="rom-size">{formatFileSize(rom.fileSize)}</span>
          <span aria-hidden="true"> · </span>
          <span data-testid="rom-mapper">{mapperLabel(rom)}</span>
        </span>
        {isMapperSupported(rom.mapper) ? null : (
          <span className="rom-item__warning" data-testid="rom-unsupported">
            Won’t play here: the emulator does not support mapper {rom.mapper}
          </span>
        )}
      </div>
      <div className="rom-item__actions">
        <button
          type="button"
          className="btn btn--primary rom-item__btn"
          aria-label={`Load ${rom.title}`}
          title="Load into the player"
          data-play-intent=""
          disabled={isLoading || isDeleting}
          onClick={() => onLoad(rom)}
        >
          {isLoading ? '...' : '▶'}
        </button>
        <button
          type="button"
          className="btn rom-item__btn"
          aria-label={`Delete ${rom.title}`}
          title="Delete from the library"
          disabled={isDeleting}
          onClick={() => onDelete(rom)}
        >
          {isDeleting ? '...' : '✕'}
        </button>
      </div>
    </li>
  )
}
