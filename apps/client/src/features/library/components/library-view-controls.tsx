// The list's order and filters: sort by recently added, title or recently played; filter by mapper,
// region and saves. The server does the work (a page at a time), so they cost the same at 10,000 entries.
import type { RomListView } from '../api/get-rom-pages'

const SORTS: { value: RomListView['sort']; label: string }[] = [
  { value: 'date', label: 'Recently added' },
  { value: 'title', label: 'Title A-Z' },
  { value: 'played', label: 'Recently played' },
]

/** The mappers most NES games use, by their common board names. */
const MAPPERS: { value: number; label: string }[] = [
  { value: 0, label: '0 · NROM' },
  { value: 1, label: '1 · MMC1' },
  { value: 2, label: '2 · UxROM' },
  { value: 3, label: '3 · CNROM' },
  { value: 4, label: '4 · MMC3' },
  { value: 7, label: '7 · AxROM' },
]

const REGIONS = ['USA', 'Europe', 'Japan', 'World']

interface LibraryViewControlsProps {
  view: RomListView
  onChange: (view: RomListView) => void
}

export function LibraryViewControls({ view, onChange }: LibraryViewControlsProps) {
  return (
    <div className="library__view" role="group" aria-label="Sort and filter the library">
      <select
        className="library-input"
        aria-label="Sort by"
        value={view.sort}
        onChange={(event) => onChange({ ...view, sort: event.target.value as RomListView['sort'] })}
      >
        {SORTS.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </select>
      <select
        className="library-input"
        aria-label="Mapper"
        value={view.mapper ?? ''}
        onChange={(event) =>
          onChange({
            ...view,
            mapper: event.target.value === '' ? undefined : Number(event.target.value),
          })
        }
      >
        <option value="">Any mapper</option>
        {MAPPERS.map((mapper) => (
          <option key={mapper.value} value={mapper.value}>
            {mapper.label}
          </option>
        ))}
      </select>
      <select
        className="library-input"
        aria-label="Region"
        value={view.region}
        onChange={(event) => onChange({ ...view, region: event.target.value })}
      >
        <option value="">Any region</option>
        {REGIONS.map((region) => (
          <option key={region} value={region}>
            {region}
          </option>
        ))}
      </select>
      <label className="library__saves">
        <input
          type="checkbox"
          checked={view.saves}
          onChange={(event) => onChange({ ...view, saves: event.target.checked })}
        />
        Has saves
      </label>
    </div>
  )
}
