// 'Game Names' panel: pick a No-Intro style DAT (.dat or .xml); the library's entries it lists get its
// game names, regions and revisions (titles the user typed stay). Lists the DATs imported, each removable.
import { useRef } from 'react'
import type { DatInfo } from '@nes-studio/shared'
import { toast } from '../../../components/ui/use-toast'
import { serverMessage } from '../../../lib/server-message'
import { useDats, useImportDat, useRemoveDat } from '../api/dats'
import '../library.css'

const errorToast = (title: string, error: unknown, fallback: string) =>
  toast({ title, description: serverMessage(error) ?? fallback, variant: 'destructive' })

function DatRow({
  dat,
  onRemove,
  disabled,
}: {
  dat: DatInfo
  onRemove: () => void
  disabled: boolean
}) {
  return (
    <li className="dat-item" data-testid="dat-item">
      <span className="dat-item__name">{dat.name}</span>
      <span className="rom-item__meta">
        {dat.version ? `${dat.version} · ` : ''}
        {dat.gameCount} games · names {dat.matchedRoms} in the library
      </span>
      <button
        type="button"
        className="btn rom-item__btn dat-item__remove"
        aria-label={`Remove DAT ${dat.name}`}
        title="Remove: its names leave the library"
        disabled={disabled}
        onClick={onRemove}
      >
        ✕
      </button>
    </li>
  )
}

export function DatPanel() {
  const input = useRef<HTMLInputElement>(null)
  const dats = useDats()
  const importDat = useImportDat()
  const removeDat = useRemoveDat()
  const pick = (file: File | undefined) => {
    if (!file) return
    importDat.mutate(file, {
      onSuccess: ({ dat, matched, renamed }) =>
        toast({
          title: 'DAT Imported',
          description: `${dat.name}: ${matched} ROMs named, ${renamed} titles changed.`,
        }),
      onError: (error) => errorToast('DAT Not Imported', error, 'The DAT could not be imported.'),
    })
  }
  const remove = (dat: DatInfo) =>
    removeDat.mutate(dat.id, {
      onError: (error) => errorToast('Error', error, 'Failed to remove the DAT.'),
    })
  const busy = importDat.isPending || removeDat.isPending
  return (
    <section className="panel library-dats" aria-labelledby="dat-panel-title">
      <h2 id="dat-panel-title" className="panel__title">
        Game Names
      </h2>
      <p className="library__hint">A No-Intro DAT (.dat or .xml) names the games it lists.</p>
      <input
        ref={input}
        type="file"
        accept=".dat,.xml"
        className="visually-hidden"
        data-testid="dat-input"
        tabIndex={-1}
        onChange={(event) => {
          pick(event.target.files?.[0])
          event.target.value = ''
        }}
      />
      <button
        type="button"
        className="btn btn--primary"
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        {importDat.isPending ? 'Importing...' : 'Import DAT'}
      </button>
      {dats.data && dats.data.length > 0 ? (
        <ul className="dat-list">
          {dats.data.map((dat) => (
            <DatRow key={dat.id} dat={dat} disabled={busy} onRemove={() => remove(dat)} />
          ))}
        </ul>
      ) : null}
    </section>
  )
}
