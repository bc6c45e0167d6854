// Project tree (side panel): folders (collapsible) and files; click opens a tab; new file/folder, rename/move
// (also by dragging onto a folder), delete with confirmation and Undo; buttons for quick open and find in files.
import { memo, useMemo, useState } from 'react'
import type { DragEvent } from 'react'
import type { EditorFile, Project } from '../project/project-files'
import { buildTree } from '../project/project-paths'
import type { TreeNode } from '../project/project-paths'
import { MainFilePicker } from './main-file-picker'
import { TreeNameForm } from './tree-name-form'

export interface TreeCallbacks {
  onOpen: (id: string) => void
  onCreate: (kind: 'file' | 'folder', path: string) => string | undefined
  onRename: (from: string, to: string) => string | undefined
  onDelete: (path: string) => void
  onSetMain: (id: string) => void
  onQuickOpen: () => void
  onFind: () => void
}

interface ProjectTreeProps extends TreeCallbacks {
  project: Project
  activeId: string | undefined
}

type Pending =
  | { kind: 'file' | 'folder'; parent: string }
  | { kind: 'rename'; path: string }
  | { kind: 'delete'; path: string }

const DRAG_TYPE = 'application/x-nes-studio-path'

/** A folder holding more files than this (at any depth) starts closed. */
export const LARGE_FOLDER_FILES = 40

/** The number of files under each folder of the tree, at any depth. */
function folderSizes(nodes: TreeNode[], sizes = new Map<string, number>()): Map<string, number> {
  for (const node of nodes) {
    if (node.kind !== 'folder') continue
    folderSizes(node.children, sizes)
    const files = node.children.reduce(
      (sum, child) => sum + (child.kind === 'file' ? 1 : (sizes.get(child.path) ?? 0)),
      0,
    )
    sizes.set(node.path, files)
  }
  return sizes
}

function join(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`
}

function Badge({ file }: { file: EditorFile }) {
  if (file.type === 'main') return <span className="studio-tab__badge">MAIN</span>
  if (file.binary) return <span className="studio-tab__badge studio-tab__badge--bin">BIN</span>
  if (file.type === 'chr') return <span className="studio-tab__badge">CHR</span>
  return null
}

/** Memoised: typing changes file contents, which the tree does not show. */
export const ProjectTree = memo(function ProjectTree(props: ProjectTreeProps) {
  const tree = useMemo(() => buildTree(props.project), [props.project])
  const sizes = useMemo(() => folderSizes(tree), [tree])
  // Folders the user opened or closed; the others are open unless they hold many files (SMB3's PRG folder has
  // 726), which would make the tree thousands of rows long before anyone asked to see them.
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map())
  const isOpenFolder = (path: string) =>
    toggled.get(path) ?? (sizes.get(path) ?? 0) <= LARGE_FOLDER_FILES
  const [pending, setPending] = useState<Pending | undefined>(undefined)
  const [dropTarget, setDropTarget] = useState<string | undefined>(undefined)
  const toggle = (path: string) => setToggled((t) => new Map(t).set(path, !isOpenFolder(path)))

  const drop = (event: DragEvent, folder: string) => {
    event.preventDefault()
    event.stopPropagation()
    setDropTarget(undefined)
    const from = event.dataTransfer.getData(DRAG_TYPE)
    if (!from) return
    const to = join(folder, from.split('/').pop() ?? from)
    if (to !== from) props.onRename(from, to)
  }
  const dropProps = (folder: string) => ({
    onDragOver: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes(DRAG_TYPE)) return
      e.preventDefault()
      e.stopPropagation()
      setDropTarget(folder)
    },
    onDragLeave: () => setDropTarget((t) => (t === folder ? undefined : t)),
    onDrop: (e: DragEvent) => drop(e, folder),
  })

  const renderForm = (parent: string, depth: number) =>
    pending &&
    (pending.kind === 'file' || pending.kind === 'folder') &&
    pending.parent === parent ? (
      <li style={{ paddingLeft: depth * 12 }}>
        <TreeNameForm
          label={pending.kind === 'file' ? 'New file path' : 'New folder path'}
          initial={parent === '' ? '' : `${parent}/`}
          onSubmit={(value) => {
            const problem = props.onCreate(pending.kind as 'file' | 'folder', value)
            if (!problem) setPending(undefined)
            return problem
          }}
          onCancel={() => setPending(undefined)}
        />
      </li>
    ) : null

  const renderNode = (node: TreeNode, depth: number) => {
    const isMain = node.kind === 'file' && node.file.type === 'main'
    const isFolder = node.kind === 'folder'
    const isOpen = isFolder && isOpenFolder(node.path)
    const actions = !isMain && (
      <span className="studio-tree__actions">
        {isFolder && (
          <button
            type="button"
            className="studio-tree__act"
            aria-label={`New file in ${node.path}`}
            onClick={() => setPending({ kind: 'file', parent: node.path })}
          >
            +
          </button>
        )}
        <button
          type="button"
          className="studio-tree__act"
          aria-label={`Rename ${node.path}`}
          onClick={() => setPending({ kind: 'rename', path: node.path })}
        >
          ✎
        </button>
        <button
          type="button"
          className="studio-tree__act studio-tree__act--danger"
          aria-label={`Delete ${node.path}`}
          onClick={() => setPending({ kind: 'delete', path: node.path })}
        >
          ×
        </button>
      </span>
    )
    return (
      <li
        key={`${node.kind}:${node.path}`}
        role="treeitem"
        aria-expanded={isFolder ? isOpen : undefined}
        aria-label={node.name}
      >
        {pending?.kind === 'rename' && pending.path === node.path ? (
          <div style={{ paddingLeft: depth * 12 }}>
            <TreeNameForm
              label={`New path for ${node.path}`}
              initial={node.path}
              onSubmit={(value) => {
                const problem = props.onRename(node.path, value)
                if (!problem) setPending(undefined)
                return problem
              }}
              onCancel={() => setPending(undefined)}
            />
          </div>
        ) : (
          <div
            className={`studio-tree__row${node.kind === 'file' && node.file.id === props.activeId ? ' studio-tree__row--active' : ''}${dropTarget === node.path ? ' studio-tree__row--drop' : ''}`}
            style={{ paddingLeft: depth * 12 }}
            draggable={!isMain}
            onDragStart={(e) => {
              e.dataTransfer.setData(DRAG_TYPE, node.path)
              e.dataTransfer.effectAllowed = 'move'
            }}
            {...(isFolder ? dropProps(node.path) : {})}
          >
            <button
              type="button"
              className="studio-tree__name"
              data-path={node.path}
              title={node.path}
              onClick={() =>
                node.kind === 'file' ? props.onOpen(node.file.id) : toggle(node.path)
              }
            >
              <span className="studio-tree__icon" aria-hidden="true">
                {isFolder ? (isOpen ? '▾' : '▸') : '·'}
              </span>
              <span className="studio-tree__label">{node.name}</span>
              {node.kind === 'file' && <Badge file={node.file} />}
            </button>
            {actions}
          </div>
        )}
        {pending?.kind === 'delete' && pending.path === node.path && (
          <div
            className="studio-tree__confirm"
            role="alertdialog"
            aria-label={`Delete ${node.path}?`}
          >
            <span>Delete {node.path}?</span>
            <button
              type="button"
              className="btn studio-tree__ok studio-tree__delete"
              onClick={() => {
                setPending(undefined)
                props.onDelete(node.path)
              }}
            >
              Delete
            </button>
            <button
              type="button"
              className="btn btn--ghost studio-tree__ok"
              onClick={() => setPending(undefined)}
            >
              Cancel
            </button>
          </div>
        )}
        {isFolder && isOpen && (
          <ul role="group" className="studio-tree__list">
            {renderForm(node.path, depth + 1)}
            {node.children.map((child) => renderNode(child, depth + 1))}
          </ul>
        )}
      </li>
    )
  }

  return (
    <section className="studio-panel studio-tree" aria-label="Project">
      <div className="studio-tree__head">
        <h2 className="panel__title studio-tree__title">Project</h2>
        <button
          type="button"
          className="btn studio-tree__tool"
          onClick={() => setPending({ kind: 'file', parent: '' })}
        >
          + File
        </button>
        <button
          type="button"
          className="btn studio-tree__tool"
          onClick={() => setPending({ kind: 'folder', parent: '' })}
        >
          + Folder
        </button>
        <button
          type="button"
          className="btn btn--ghost studio-tree__tool"
          title="Quick open (Ctrl+P)"
          onClick={props.onQuickOpen}
        >
          Open…
        </button>
        <button
          type="button"
          className="btn btn--ghost studio-tree__tool"
          title="Find in files (Ctrl+Shift+F)"
          onClick={props.onFind}
        >
          Find…
        </button>
      </div>
      <MainFilePicker project={props.project} onSetMain={props.onSetMain} />
      <ul
        role="tree"
        aria-label="Project files"
        className={`studio-tree__list studio-tree__root${dropTarget === '' ? ' studio-tree__row--drop' : ''}`}
        {...dropProps('')}
      >
        {renderForm('', 0)}
        {tree.map((node) => renderNode(node, 0))}
      </ul>
    </section>
  )
})
