// The CHR editor's tool row: the drawing tools, undo/redo, the selection's buttons (what Ctrl+C, Ctrl+X, Ctrl+V,
// Delete, Escape and Enter do, for touch screens) and PNG import/export.
import { useRef } from 'react'
import { TOOLS } from './chr-tools'
import type { useChrTools } from './chr-tools'

interface ChrToolBarProps {
  tools: ReturnType<typeof useChrTools>
  onUndo: () => void
  onRedo: () => void
  onPaste: () => void
  onImport: (file: File) => void
  onExport: () => void
}

export function ChrToolBar({
  tools,
  onUndo,
  onRedo,
  onPaste,
  onImport,
  onExport,
}: ChrToolBarProps) {
  const fileInput = useRef<HTMLInputElement>(null)
  const hasSelection = tools.selection !== undefined || tools.floating !== undefined
  const button = (label: string, onClick: () => void, disabled = false, title?: string) => (
    <button
      type="button"
      className="btn studio-tree__tool"
      onClick={onClick}
      disabled={disabled}
      title={title}
    >
      {label}
    </button>
  )
  return (
    <>
      <div className="studio-chred__bar" role="toolbar" aria-label="Tile tools">
        {TOOLS.map(({ tool, label }) => (
          <button
            key={tool}
            type="button"
            className={`btn studio-tree__tool${tools.tool === tool ? ' btn--primary' : ''}`}
            aria-pressed={tools.tool === tool}
            onClick={() => tools.setTool(tool)}
          >
            {label}
          </button>
        ))}
        {button('Undo', onUndo, false, 'Ctrl+Z')}
        {button('Redo', onRedo, false, 'Ctrl+Y')}
        <button
          type="button"
          className="btn btn--ghost studio-tree__tool"
          onClick={() => fileInput.current?.click()}
        >
          Import PNG
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/*"
          hidden
          data-testid="import-png"
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) onImport(file)
          }}
        />
        <button type="button" className="btn btn--ghost studio-tree__tool" onClick={onExport}>
          Export PNG
        </button>
      </div>
      <div className="studio-chred__bar" role="toolbar" aria-label="Selection">
        {button('Copy', tools.copy, !hasSelection, 'Ctrl+C')}
        {button('Cut', tools.cut, !hasSelection, 'Ctrl+X')}
        {button('Paste', onPaste, !tools.hasClipboard, 'Ctrl+V')}
        {button('Clear', tools.clear, !hasSelection, 'Delete')}
        {button('Deselect', tools.deselect, !hasSelection, 'Escape')}
        {tools.floating?.isPaste && button('Place', tools.place, false, 'Enter')}
        <span className="studio-chred__hint">
          {tools.floating?.isPaste
            ? 'Drag the pasted pixels, then Place.'
            : tools.tool === 'select'
              ? 'Drag to select; drag the selection to move it.'
              : ''}
        </span>
      </div>
    </>
  )
}
