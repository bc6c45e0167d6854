// The studio's actions: compile and run, download, add to library, write a cc65 project's build.sh,
// import/export .zip, new project.
import { useRef } from 'react'
import type { ReactNode, RefObject } from 'react'

interface StudioToolbarProps {
  isCompiling: boolean
  hasRom: boolean
  onCompile: () => void
  onDownload: () => void
  /** Downloads the program's Mesen labels (.mlb). */
  onDownloadLabels: () => void
  onAddToLibrary: () => void
  onImport: (file: File) => void
  onExport: () => void
  onNewProject: () => void
  /** A cc65 project without a build.sh: writes its default build out as build.sh (absent: no button). */
  onWriteBuildScript?: () => void
  /** Shown beside COMPILE & RUN (the problem counts). */
  status?: ReactNode
}

export function StudioToolbar(props: StudioToolbarProps) {
  const fileInput = useRef<HTMLInputElement>(null)
  return (
    <div className="studio-toolbar" role="toolbar" aria-label="Studio actions">
      <button
        type="button"
        className="btn btn--primary studio-toolbar__compile"
        onClick={props.onCompile}
        disabled={props.isCompiling}
        title="Compile & run (Ctrl/Cmd+Enter)"
        data-play-intent=""
      >
        {props.isCompiling ? 'COMPILING...' : 'COMPILE & RUN'}
      </button>
      {props.status}
      {/* One "Download" for both files keeps the toolbar on one line at 1280 px. */}
      <span className="studio-toolbar__group" role="group" aria-label="Download">
        <span className="studio-toolbar__label" aria-hidden="true">
          Download
        </span>
        <button
          type="button"
          className="btn"
          aria-label="Download .nes"
          onClick={props.onDownload}
          disabled={!props.hasRom}
        >
          .nes
        </button>
        <button
          type="button"
          className="btn"
          aria-label="Download .mlb"
          onClick={props.onDownloadLabels}
          disabled={!props.hasRom}
          title="Mesen labels: the program's labels at their ROM and RAM addresses, for Mesen's debugger"
        >
          .mlb
        </button>
      </span>
      <button type="button" className="btn" onClick={props.onAddToLibrary} disabled={!props.hasRom}>
        Add to library
      </button>
      {props.onWriteBuildScript && (
        <button
          type="button"
          className="btn"
          aria-label="Write build.sh"
          onClick={props.onWriteBuildScript}
          title="Write the default build (one ca65 per .s, cc65 + ca65 per .c, ld65) as build.sh to edit"
        >
          + build.sh
        </button>
      )}
      <span className="studio-toolbar__spacer" />
      {/* One "Zip" for import and export, as Download is one: a cc65 project's toolbar (with build.sh) fits
          one line at 1280 px too. */}
      <span className="studio-toolbar__group" role="group" aria-label="Zip">
        <span className="studio-toolbar__label" aria-hidden="true">
          Zip
        </span>
        <ZipButtons fileInput={fileInput} onImport={props.onImport} onExport={props.onExport} />
      </span>
      <button type="button" className="btn btn--ghost" onClick={props.onNewProject}>
        New project
      </button>
    </div>
  )
}

/** Import (through a hidden file input) and Export of the project as a .zip. */
function ZipButtons(props: {
  fileInput: RefObject<HTMLInputElement | null>
  onImport: (file: File) => void
  onExport: () => void
}) {
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost"
        aria-label="Import .zip"
        onClick={() => props.fileInput.current?.click()}
      >
        Import
      </button>
      <input
        ref={props.fileInput}
        type="file"
        accept=".zip,application/zip"
        hidden
        data-testid="import-zip"
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) props.onImport(file)
        }}
      />
      <button
        type="button"
        className="btn btn--ghost"
        aria-label="Export .zip"
        onClick={props.onExport}
      >
        Export
      </button>
    </>
  )
}
