// 'Upload ROM' panel: pick a .nes file (click or drop), edit its title, upload with a progress bar. Many
// files, a folder or a zip at once go to the upload queue instead (use-upload-queue.ts).
import { useEffect, useRef, useState } from 'react'
import type { DragEvent, FormEvent } from 'react'
import { useEarlyFile } from '../../../hooks/use-early-file'
import { useFileDrop } from '../../../hooks/use-file-drop'
import { toast } from '../../../components/ui/use-toast'
import { formatFileSize } from '../../../lib/format-size'
import { serverMessage } from '../../../lib/server-message'
import { collectRomFiles, droppedFiles } from '../lib/collect-rom-files'
import { useUploadRom } from '../api/upload-rom'
import type { UploadProgress } from '../api/upload-rom'
import {
  INVALID_FILE_TOAST,
  NO_FILE_TOAST,
  UPLOAD_FAILED_DEFAULT,
  UPLOAD_FAILED_TITLE,
  isNesFileName,
  percentSent,
  titleFromFileName,
} from './upload-rules'
import { UploadQueueList } from './upload-queue-list'
import { useUploadQueue } from './use-upload-queue'
import '../library.css'

/** One file that is not a zip keeps the form with its title (or the Invalid File toast); more go to the queue. */
const isSingleFile = (files: readonly File[]) =>
  files.length === 1 && !/\.zip$/i.test(files[0]!.name)

export function UploadPanel() {
  const input = useRef<HTMLInputElement>(null)
  const folderInput = useRef<HTMLInputElement>(null)
  const queue = useUploadQueue()
  const [file, setFile] = useState<File | null>(null)
  const [title, setTitle] = useState('')
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const upload = useUploadRom()

  const pick = (chosen: File | undefined) => {
    if (!chosen) return
    if (!isNesFileName(chosen.name)) {
      toast({ ...INVALID_FILE_TOAST, variant: 'destructive' })
      return
    }
    setFile(chosen)
    setTitle(titleFromFileName(chosen.name))
  }
  const { isDragging, dropProps } = useFileDrop(pick)
  const pickMany = (files: File[]) => {
    if (files.length === 0 || queue.isRunning) return
    if (isSingleFile(files)) return pick(files[0])
    setFile(null)
    void collectRomFiles(files).then(queue.start)
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    dropProps.onDragLeave()
    // The folders of a drop are read from its items during the event, the files after.
    void droppedFiles(event.dataTransfer).then(pickMany)
  }
  // React knows no webkitdirectory attribute; the folder picker gets it here.
  useEffect(() => folderInput.current?.setAttribute('webkitdirectory', ''), [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!file) {
      toast({ ...NO_FILE_TOAST, variant: 'destructive' })
      return
    }
    setProgress({ sent: 0, total: file.size })
    upload.mutate(
      { file, title: title.trim() || titleFromFileName(file.name), onProgress: setProgress },
      {
        onSuccess: (rom) => {
          toast({
            title: 'Upload Successful',
            description: `${rom.title} has been added to the library.`,
          })
          setFile(null)
          setTitle('')
        },
        onError: (error) =>
          toast({
            title: UPLOAD_FAILED_TITLE,
            description: serverMessage(error) ?? UPLOAD_FAILED_DEFAULT,
            variant: 'destructive',
          }),
        onSettled: () => setProgress(null),
      },
    )
  }

  useEarlyFile(input, pick)

  return (
    <section className="panel library-upload" aria-labelledby="upload-rom-title">
      <h2 id="upload-rom-title" className="panel__title">
        Upload ROM
      </h2>
      <input
        ref={input}
        type="file"
        accept=".nes,.zip"
        multiple
        className="visually-hidden"
        data-testid="upload-input"
        tabIndex={-1}
        onChange={(event) => {
          pickMany(Array.from(event.target.files ?? []))
          event.target.value = ''
        }}
      />
      <input
        ref={folderInput}
        type="file"
        className="visually-hidden"
        data-testid="upload-folder-input"
        tabIndex={-1}
        onChange={(event) => {
          pickMany(Array.from(event.target.files ?? []))
          event.target.value = ''
        }}
      />
      <button
        type="button"
        className={`library-drop${isDragging ? ' library-drop--active' : ''}`}
        data-testid="upload-drop"
        onClick={() => input.current?.click()}
        {...dropProps}
        onDrop={onDrop}
        disabled={upload.isPending || queue.isRunning}
      >
        <span className="library-drop__main">
          {file ? file.name : 'Drop your NES ROM here or click to browse'}
        </span>
        <span className="library-drop__hint">
          {file ? formatFileSize(file.size) : 'Only .NES files are accepted'}
        </span>
      </button>
      <div className="library-upload__pickers">
        <button
          type="button"
          className="btn btn--ghost"
          disabled={upload.isPending || queue.isRunning}
          onClick={() => folderInput.current?.click()}
        >
          Upload a folder
        </button>
      </div>
      {queue.items.length > 0 ? (
        <UploadQueueList
          items={queue.items}
          isRunning={queue.isRunning}
          onCancel={queue.cancel}
          onClear={queue.clear}
        />
      ) : null}
      {file ? (
        <form className="library-upload__form" onSubmit={submit}>
          <label className="library-upload__label" htmlFor="library-rom-title">
            ROM Title
          </label>
          <input
            id="library-rom-title"
            className="library-input"
            value={title}
            maxLength={100}
            disabled={upload.isPending}
            onChange={(event) => setTitle(event.target.value)}
          />
          {progress ? <UploadProgressBar progress={progress} /> : null}
          <button type="submit" className="btn btn--primary" disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Upload ROM'}
          </button>
        </form>
      ) : null}
    </section>
  )
}

function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const percent = percentSent(progress.sent, progress.total)
  return (
    <div className="library-progress">
      <progress
        className="library-progress__bar"
        max={progress.total || 1}
        value={progress.sent}
        aria-label="Upload progress"
      />
      <span className="library-progress__text">
        {formatFileSize(progress.sent)} / {formatFileSize(progress.total)} ({percent}%)
      </span>
    </div>
  )
}
