// One library entry: its cover, title, size, mapper (and, for a mapper the emulator cannot run, that it will not
// play), what the library knows of the game, and its load, rename and delete controls.
import { useState } from 'react'
import type { Ref } from 'react'
import type { RomEntry } from '@nes-studio/shared'
import { isMapperSupported } from '../../../emulator/fceumm-mappers'
import { formatFileSize } from '../../../lib/format-size'
import { HeaderNote, RenameForm, knownFacts } from './rom-entry-parts'

/** What a row asks of the list; `done` closes the rename form once the new title is stored. */
export interface RomRowActions {
  onLoad: (rom: RomEntry) => void
  onDelete: (rom: RomEntry) => void
  onRename: (rom: RomEntry, title: string, done: () => void) => void
  onUseCorrectedHeader: (rom: RomEntry, use: boolean) => void
}

interface RomListItemProps extends RomRowActions {
  /** Measures the row (the virtualised list reads its height). */
  ref?: Ref<HTMLLIElement>
  /** Position in the whole list, and the row's top in pixels inside it. */
  index: number
  offsetPx: number
  rom: RomEntry
  isLoading: boolean
  isDeleting: boolean
  /** A rename or a header switch of this entry is on its way to the server. */
  isSaving: boolean
}

/** Shown size of a cover in CSS pixels (the 256x224 picture's shape): fixed, so no row shifts. */
export const COVER_BOX = { width: 48, height: 42 } as const

/**
 * The entry's cover, loaded only when its row nears the view; a placeholder for an entry without one.
 * Its URL names the cover's version, so the browser keeps the image until the cover changes.
 */
function RomCover({ rom }: { rom: RomEntry }) {
  if (!rom.coverVersion) {
    return (
      <span className="rom-item__cover rom-item__cover--none" data-testid="rom-cover-none">
        <span aria-hidden="true">NO COVER</span>
      </span>
    )
  }
  return (
    <img
      className="rom-item__cover"
      src={`/api/roms/${encodeURIComponent(rom.id)}/cover?v=${rom.coverVersion}`}
      alt={rom.title}
      loading="lazy"
      decoding="async"
      width={COVER_BOX.width}
      height={COVER_BOX.height}
      data-testid="rom-cover"
    />
  )
}

export function mapperLabel(rom: Pick<RomEntry, 'mapper' | 'mapperName'>): string {
  return rom.mapperName ? `Mapper ${rom.mapper} · ${rom.mapperName}` : `Mapper ${rom.mapper}`
}

function RomInfo({ rom }: { rom: RomEntry }) {
  const facts = knownFacts(rom)
  return (
    <>
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
      {facts.length > 0 ? (
        <span className="rom-item__meta" data-testid="rom-facts">
          {facts.join(' · ')}
        </span>
      ) : null}
    </>
  )
}

export function RomListItem(props: RomListItemProps) {
  const { ref, index, offsetPx, rom, isLoading, isDeleting, isSaving } = props
  const [isRenaming, setRenaming] = useState(false)
  return (
    <li
      ref={ref}
      className="rom-item"
      data-testid="rom-item"
      data-rom-id={rom.id}
      data-index={index}
      style={{ transform: `translateY(${offsetPx}px)` }}
    >
      <RomCover rom={rom} />
      <div className="rom-item__info">
        {isRenaming ? (
          <RenameForm
            rom={rom}
            isSaving={isSaving}
            onRename={(entry, title) => props.onRename(entry, title, () => setRenaming(false))}
            onClose={() => setRenaming(false)}
          />
        ) : (
          <RomInfo rom={rom} />
        )}
        <HeaderNote
          rom={rom}
          isSaving={isSaving}
          onUseCorrectedHeader={props.onUseCorrectedHeader}
        />
      </div>
      <div className="rom-item__actions">
        <button
          type="button"
          className="btn btn--primary rom-item__btn"
          aria-label={`Load ${rom.title}`}
          title="Load into the player"
          data-play-intent=""
          disabled={isLoading || isDeleting}
          onClick={() => props.onLoad(rom)}
        >
          {isLoading ? '...' : '▶'}
        </button>
        <button
          type="button"
          className="btn rom-item__btn"
          aria-label={`Rename ${rom.title}`}
          title="Rename"
          disabled={isDeleting || isRenaming}
          onClick={() => setRenaming(true)}
        >
          ✎
        </button>
        <button
          type="button"
          className="btn rom-item__btn"
          aria-label={`Delete ${rom.title}`}
          title="Delete from the library"
          disabled={isDeleting}
          onClick={() => props.onDelete(rom)}
        >
          {isDeleting ? '...' : '✕'}
        </button>
      </div>
    </li>
  )
}
