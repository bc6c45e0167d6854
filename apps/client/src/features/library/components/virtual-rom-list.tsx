// The library's entries as a virtualised list: only the rows in view (plus a few) are in the DOM, so a
// library of 10,000 ROMs renders as fast as one of ten.
import { useCallback, useEffect, useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { RomEntry } from '@nes-studio/shared'
import { RomListItem } from './rom-list-item'
import type { RomRowActions } from './rom-list-item'

/** Row height plus the 8 px gap, in CSS pixels: the first guess before a row is measured. */
const ESTIMATED_ROW_PX = 76
const ROW_GAP_PX = 8

/**
 * The list's box before it is measured: .library__scroll's max-height (library.css). The server renders
 * the rows that fit it, and the browser's first render (hydration) must render the same ones.
 */
const INITIAL_RECT = { width: 0, height: 420 }

/** Ask for the next page when the rows in view come this close to the last loaded one. */
const PREFETCH_ROWS = 20

interface VirtualRomListProps extends RomRowActions {
  /** The entries loaded so far, in list order. */
  roms: readonly RomEntry[]
  /** Entries in the whole list; rows past `roms` show a placeholder until their page arrives. */
  total: number
  loadingId: string | undefined
  deletingId: string | undefined
  savingId: string | undefined
  onNeedMore: () => void
}

export function VirtualRomList(props: VirtualRomListProps) {
  const { roms, total, loadingId, deletingId, savingId, onNeedMore, ...actions } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  // The virtualiser lays out all `total` rows again (10,000 keys) whenever this function changes, so
  // it changes only when the loaded rows do; a placeholder's key is its index (no string per row).
  const getItemKey = useCallback((index: number) => roms[index]?.id ?? index, [roms])
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    gap: ROW_GAP_PX,
    overscan: 6,
    getItemKey,
    initialRect: INITIAL_RECT,
  })
  const rows = virtualizer.getVirtualItems()
  const lastInView = rows[rows.length - 1]?.index ?? 0
  useEffect(() => {
    if (lastInView >= roms.length - PREFETCH_ROWS && roms.length < total) onNeedMore()
  }, [lastInView, roms.length, total, onNeedMore])
  return (
    <div ref={scrollRef} className="library__scroll">
      <ul
        className="library__list"
        data-testid="rom-list"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => {
          const rom = roms[row.index]
          if (!rom) {
            return (
              <li
                key={row.key}
                ref={virtualizer.measureElement}
                className="rom-item rom-item--placeholder"
                data-index={row.index}
                style={{ transform: `translateY(${row.start}px)` }}
                aria-hidden="true"
              >
                Loading...
              </li>
            )
          }
          return (
            <RomListItem
              key={rom.id}
              ref={virtualizer.measureElement}
              index={row.index}
              offsetPx={row.start}
              rom={rom}
              isLoading={loadingId === rom.id}
              isDeleting={deletingId === rom.id}
              isSaving={savingId === rom.id}
              {...actions}
            />
          )
        })}
      </ul>
    </div>
  )
}
