// The parts of a library row beyond its title: what the library knows of the game (region, board, the
// DAT's name), a header that disagrees with the cartridge database and the switch for its correction,
// and the rename form.
import { useState } from 'react'
import type { FormEvent } from 'react'
import type { RomEntry } from '@nes-studio/shared'
import { ROM_TITLE_MAX_LENGTH } from '@nes-studio/shared'

/** "Japan, USA · NES-UNROM · DAT: Some Game (USA) (Rev 1)": the facts a row shows after size and mapper. */
export function knownFacts(rom: RomEntry): string[] {
  const facts: string[] = []
  if (rom.region) facts.push(rom.region)
  if (rom.cartridge?.board) facts.push(rom.cartridge.board)
  if (rom.dat && rom.dat.name !== rom.title) facts.push(`DAT: ${rom.dat.name}`)
  return facts
}

interface HeaderNoteProps {
  rom: RomEntry
  isSaving: boolean
  onUseCorrectedHeader: (rom: RomEntry, use: boolean) => void
}

/** The header's disagreements with the database, and whether the player corrects them. */
export function HeaderNote({ rom, isSaving, onUseCorrectedHeader }: HeaderNoteProps) {
  if (rom.headerIssues.length === 0) return null
  return (
    <div className="rom-item__header" data-testid="rom-header-note">
      <ul className="rom-item__issues">
        {rom.headerIssues.map((issue) => (
          <li key={issue.field}>⚠ {issue.message}</li>
        ))}
      </ul>
      <label className="rom-item__toggle">
        <input
          type="checkbox"
          checked={rom.useCorrectedHeader}
          disabled={isSaving}
          onChange={(event) => onUseCorrectedHeader(rom, event.target.checked)}
        />
        Play with the corrected header
      </label>
    </div>
  )
}

interface RenameFormProps {
  rom: RomEntry
  isSaving: boolean
  onRename: (rom: RomEntry, title: string) => void
  onClose: () => void
}

/** Types a new title; an empty one gives the title back to the DAT's name, or the file name. */
export function RenameForm({ rom, isSaving, onRename, onClose }: RenameFormProps) {
  const [title, setTitle] = useState(rom.title)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onRename(rom, title.trim())
  }
  return (
    <form className="rom-item__rename" onSubmit={submit}>
      <input
        className="library-input"
        aria-label={`New title for ${rom.title}`}
        value={title}
        maxLength={ROM_TITLE_MAX_LENGTH}
        disabled={isSaving}
        // The user opened the form to type in it.
        autoFocus
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose()
        }}
      />
      <button type="submit" className="btn btn--primary rom-item__btn" disabled={isSaving}>
        Save
      </button>
      <button type="button" className="btn rom-item__btn" onClick={onClose}>
        Cancel
      </button>
    </form>
  )
}
