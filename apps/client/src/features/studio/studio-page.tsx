// Route module for /editor: the assembly studio (editor left, preview right). Loaded lazily by the router, so
// CodeMirror and the assembler worker never reach the / bundle.
import { useCallback, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { StudioDiagnostic } from './build/studio-diagnostic'
import { AddToLibraryDialog } from './components/add-to-library-dialog'
import { EditorPane } from './components/editor-pane'
import { ErrorBox, NoticeBox } from './components/error-box'
import { PreviewPanel } from './components/preview-panel'
import { ProblemCounts, ProblemsPanel } from './components/problems-panel'
import { StudioToolbar } from './components/studio-toolbar'
import { WorkspaceSidebar } from './components/workspace-sidebar'
import { LiveToggle } from './components/live-toggle'
import { OtherTabNotice } from './components/other-tab-notice'
import { useLiveMode } from './hooks/use-live-mode'
import { DebugPanel } from './debug/debug-panel'
import type { JumpTarget } from './editor/code-editor'
import { downloadBytes } from './hooks/download'
import { downloadMesenLabels } from './hooks/download-labels'
import { useCompiler } from './hooks/use-compiler'
import type { CompileError } from './build/compile-result'
import { useNesPad } from '../../components/nes-pad'
import type { NesButton } from '../../emulator/types'
import { usePlayIntent } from '../../hooks/use-play-intent'
import { revealElement } from '../../lib/reveal'
import { useGameKeys } from '../../hooks/use-game-keys'
import { usePreview } from './hooks/use-preview'
import { useProjectFilesIo } from './hooks/use-project-files-io'
import { useSavedProject } from './hooks/use-saved-project'
import { useStudioProject } from './hooks/use-studio-project'
import type { LoadedProject } from './project/project-db'
import { toolchainOf } from './project/project-files'
import type { EditorFile } from './project/project-files'
import { NewProjectDialog } from './components/new-project-dialog'
import { BUILD_SCRIPT } from './build/cc65/build-script'
import { defaultBuildScriptOf } from './build/cc65/default-build'
import './studio.css'
import './studio-preview.css'
import './studio-tree.css'
import './studio-chr.css'
import './studio-phone.css'
import './studio-toast.css'

const CHECK_DELAY_MS = 600

const ADD_PROBLEMS = {
  blank: 'Enter a file name.',
  exists: 'A file with that name already exists.',
  invalid:
    'Use a plain relative file name (no empty part, . or .., no \\, no leading or trailing /).',
  folder: 'A folder with that name already exists.',
  'in-file': 'Part of that path is a file, and a file cannot hold other files.',
} as const

export default function StudioPage() {
  const loaded = useSavedProject()
  if (loaded.status === 'loading')
    return (
      <main className="studio" aria-busy="true">
        <p className="studio__loading pixel">Loading the project…</p>
      </main>
    )
  return <Studio saved={loaded.saved} />
}

function Studio({ saved }: { saved: LoadedProject | undefined }) {
  const studio = useStudioProject(saved)
  const { project, active } = studio
  const toolchain = toolchainOf(project)
  const compiler = useCompiler(toolchain)
  const screenRef = useRef<HTMLDivElement>(null)
  const preview = usePreview(screenRef)
  const [error, setError] = useState<CompileError | undefined>(undefined)
  // A build that succeeded but read placeholders: shown where the error box goes.
  const [notices, setNotices] = useState<StudioDiagnostic[]>([])
  const [isLocked, setIsLocked] = useState(false)
  const [rom, setRom] = useState<Uint8Array | undefined>(undefined)
  const [jumpTarget, setJumpTarget] = useState<JumpTarget | undefined>(undefined)
  const [isAdding, setIsAdding] = useState(false)
  const [isPickingTemplate, setIsPickingTemplate] = useState(false)
  const busy = useRef(false)
  const errorBox = useRef<HTMLElement>(null)
  const shouldRevealError = useRef(false)
  useEffect(() => {
    if (!error || !shouldRevealError.current) return
    shouldRevealError.current = false
    revealElement(errorBox.current)
  }, [error])

  const { clear: clearPreview, preload } = preview
  useGameKeys(preview.state.status === 'running', preview.setButton)
  const { setButton } = preview
  const { pad: previewPad } = useNesPad(
    useCallback((button: NesButton, down: boolean) => setButton(button, down, 0), [setButton]),
  )
  const { clearDiagnostics } = compiler
  const resetSession = useCallback(() => {
    setError(undefined)
    setNotices([])
    setIsLocked(false)
    setRom(undefined)
    clearDiagnostics()
    clearPreview()
  }, [clearDiagnostics, clearPreview])
  const io = useProjectFilesIo(project, studio.replace, resetSession, studio)
  const live = useLiveMode({
    files: project.files,
    current: studio.syncReferences,
    build: compiler.build,
    rom,
    onRom: setRom,
    swap: preview.swap,
  })

  const compileAndRun = async () => {
    if (busy.current) return
    busy.current = true
    try {
      const current = studio.syncReferences()
      preview.beginLoading()
      setError(undefined)
      setNotices([])
      const outcome = await compiler.compile(current)
      if (!outcome.ok) {
        // The box is below the editor and the preview (far below on a phone): it is brought into sight.
        shouldRevealError.current = true
        setError(outcome.error)
        setIsLocked(false)
        preview.clear()
        return
      }
      setRom(outcome.rom)
      setIsLocked(true)
      setNotices(outcome.notices)
      // On a phone the preview is far below the button: the game would start out of sight. Its screen
      // goes to the top of the view, so the on-screen pad under it is in sight too.
      revealElement(screenRef.current, { block: 'start' })
      await preview.run(outcome.rom)
    } finally {
      busy.current = false
    }
  }
  const compileRef = useRef(compileAndRun)
  compileRef.current = compileAndRun
  const onCompile = useCallback(() => void compileRef.current(), [])

  useEffect(() => {
    document.title = 'Assembly Studio - NES Studio'
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.defaultPrevented) {
        e.preventDefault()
        onCompile()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onCompile])
  // The emulator core loads on the first intent to run (COMPILE & RUN hovered, pressed or focused, or
  // Ctrl+Enter), not with the page.
  usePlayIntent(preload)

  // Check as you type: re-assemble (without running) shortly after the last edit to refresh inline diagnostics.
  const { check } = compiler
  const { files } = project
  const isFirstCheck = useRef(true)
  useEffect(() => {
    if (isFirstCheck.current) {
      isFirstCheck.current = false
      return
    }
    const timer = setTimeout(() => void check({ ...project, files }), CHECK_DELAY_MS)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only file changes trigger a check
  }, [files, check])

  const onEdit = useCallback(
    (id: string, content: string) => {
      studio.edit(id, content)
      setError(undefined)
      setNotices([])
    },
    [studio],
  )

  const onSelect = (id: string) => {
    studio.setActiveId(id)
    setIsLocked(false)
  }

  // Closing a tab never deletes its file: it stays in the project tree.
  const onClose = (file: EditorFile) => studio.closeTab(file.id)

  const onJump = (d: StudioDiagnostic) => {
    const file = project.files.find((f) => f.filename === d.file)
    if (!file) return
    if (file.id !== active?.id) onSelect(file.id)
    setIsLocked(false)
    setJumpTarget({ file: d.file, line: d.line, column: d.column, nonce: Date.now() })
  }

  const onAdd = (name: string) => {
    const result = studio.add(name)
    if (result.ok) setIsLocked(false)
    return result.ok ? undefined : ADD_PROBLEMS[result.reason]
  }

  return (
    <main className="studio">
      <div className="studio__header">
        <Link to="/" className="btn btn--ghost studio__back">
          ← Back to Home
        </Link>
        <h1 className="studio__title pixel">Assembly Studio</h1>
        <span className="studio__timing" data-testid="assembly-time">
          {compiler.lastAssemblyMs !== undefined &&
            `${toolchain === 'cc65' ? 'built' : 'assembled'} in ${compiler.lastAssemblyMs.toFixed(1)} ms`}
        </span>
      </div>
      <StudioToolbar
        isCompiling={compiler.isCompiling}
        hasRom={rom !== undefined}
        onCompile={onCompile}
        onDownload={() => rom && downloadBytes(rom, `${project.name}.nes`)}
        onDownloadLabels={() =>
          void downloadMesenLabels(() => compiler.buildForDebug(project), project.name)
        }
        onAddToLibrary={() => setIsAdding(true)}
        onImport={(file) => void io.importZip(file)}
        onExport={io.exportZip}
        onNewProject={() => setIsPickingTemplate(true)}
        onWriteBuildScript={
          toolchain === 'cc65' && !project.files.some((f) => f.filename === BUILD_SCRIPT)
            ? () => studio.add(BUILD_SCRIPT, defaultBuildScriptOf(project))
            : undefined
        }
        status={
          <>
            <ProblemCounts diagnostics={compiler.diagnostics} />
            <LiveToggle isLive={live.isLive} onChange={live.setIsLive} />
          </>
        }
      />
      {studio.conflict && (
        <OtherTabNotice
          onLoadOther={studio.conflict.loadOther}
          onKeepMine={studio.conflict.keepMine}
        />
      )}
      {isPickingTemplate && (
        <NewProjectDialog
          onPick={(template) => {
            setIsPickingTemplate(false)
            io.newProject(template)
          }}
          onCancel={() => setIsPickingTemplate(false)}
        />
      )}
      {isAdding && rom && (
        <AddToLibraryDialog
          rom={rom}
          defaultTitle={project.name}
          onDone={() => setIsAdding(false)}
        />
      )}
      <div className="studio__grid">
        <WorkspaceSidebar studio={studio} onOpen={onSelect} onJump={onJump} />
        {active && (
          <EditorPane
            files={studio.openFiles}
            projectFiles={project.files}
            active={active}
            diagnostics={compiler.diagnostics}
            isLocked={isLocked}
            jumpTarget={jumpTarget}
            onSelect={onSelect}
            onClose={onClose}
            onAdd={onAdd}
            onEdit={onEdit}
            onChrBytes={studio.setChrBytes}
            onCompile={onCompile}
            onUnlock={() => setIsLocked(false)}
            toolchain={toolchain}
          />
        )}
        <PreviewPanel
          state={preview.state}
          screenRef={screenRef}
          still={preview.still}
          pad={previewPad}
        />
      </div>
      {error && <ErrorBox error={error} onJump={onJump} boxRef={errorBox} />}
      {!error && notices.length > 0 && (
        <NoticeBox notices={notices} onJump={onJump} boxRef={errorBox} />
      )}
      <DebugPanel
        project={project}
        current={studio.syncReferences}
        onOpenFile={(name) => {
          const file = project.files.find((f) => f.filename === name)
          if (file && file.id !== active?.id) onSelect(file.id)
        }}
      />
      <ProblemsPanel diagnostics={compiler.diagnostics} onJump={onJump} />
    </main>
  )
}
