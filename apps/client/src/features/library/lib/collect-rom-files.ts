// What a drop or a pick of many files gives the upload queue: every .nes file, the .nes entries of each
// .zip (bounded, folders in entry names dropped, nothing else taken), folders walked; anything else is
// reported by name as not a ROM, so the queue can say so per file.
import { unzip } from 'fflate'
import type { UnzipFileInfo } from 'fflate'

/** Largest zip read, and the most bytes and .nes entries taken from one. */
export const ZIP_MAX_BYTES = 64 * 1024 * 1024
export const ZIP_MAX_UNZIPPED_BYTES = 128 * 1024 * 1024
export const ZIP_MAX_ROMS = 500

/** A file for the queue, or one refused before upload with the reason. */
export type Candidate =
  { kind: 'rom'; file: File } | { kind: 'refused'; name: string; reason: string }

const isNes = (name: string) => /\.nes$/i.test(name)
const isZip = (name: string) => /\.zip$/i.test(name)
/** The last part of a zip entry's name: folders (and any "../") never leave the zip. */
const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path

function unzipNes(bytes: Uint8Array): Promise<Record<string, Uint8Array>> {
  let taken = 0
  let unzipped = 0
  const filter = (entry: UnzipFileInfo) => {
    if (entry.name.endsWith('/') || !isNes(entry.name)) return false
    taken++
    unzipped += entry.originalSize
    if (taken > ZIP_MAX_ROMS) throw new Error(`it holds more than ${ZIP_MAX_ROMS} .nes files`)
    if (unzipped > ZIP_MAX_UNZIPPED_BYTES) throw new Error('it unpacks to more than 128 MB')
    return true
  }
  return new Promise((resolve, reject) => {
    try {
      unzip(bytes, { filter }, (error, files) => (error ? reject(error) : resolve(files)))
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)))
    }
  })
}

/** The .nes files inside `zip`, or why it was refused. */
export async function romsInZip(zip: File): Promise<Candidate[]> {
  if (zip.size > ZIP_MAX_BYTES) {
    return [{ kind: 'refused', name: zip.name, reason: 'Zip larger than 64 MB.' }]
  }
  try {
    const files = await unzipNes(new Uint8Array(await zip.arrayBuffer()))
    const roms = Object.entries(files).map(([path, bytes]): Candidate => {
      const name = baseName(path)
      return { kind: 'rom', file: new File([bytes as Uint8Array<ArrayBuffer>], name) }
    })
    if (roms.length > 0) return roms
    return [{ kind: 'refused', name: zip.name, reason: 'No .nes file in this zip.' }]
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    return [{ kind: 'refused', name: zip.name, reason: `Zip not read: ${why}.` }]
  }
}

/** Each file as the queue takes it: .nes as is, zips opened, others refused. */
export async function collectRomFiles(files: readonly File[]): Promise<Candidate[]> {
  const out: Candidate[] = []
  for (const file of files) {
    if (isNes(file.name)) out.push({ kind: 'rom', file })
    else if (isZip(file.name)) out.push(...(await romsInZip(file)))
    else out.push({ kind: 'refused', name: file.name, reason: 'Not a .nes or .zip file.' })
  }
  return out
}

/** Every file under a dropped folder entry (the File System API drag-and-drop gives). */
async function filesOfEntry(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) {
    return [await new Promise<File>((ok, fail) => (entry as FileSystemFileEntry).file(ok, fail))]
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader()
  const files: File[] = []
  // readEntries answers in batches until it gives an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((ok, fail) => reader.readEntries(ok, fail))
    if (batch.length === 0) return files
    for (const child of batch) files.push(...(await filesOfEntry(child)))
  }
}

/** The files of a drop, folders walked; a browser without entries gives the plain file list. */
export async function droppedFiles(transfer: DataTransfer): Promise<File[]> {
  const entries = Array.from(transfer.items)
    .map((item) => item.webkitGetAsEntry?.())
    .filter((entry): entry is FileSystemEntry => entry != null)
  if (entries.length === 0) return Array.from(transfer.files)
  const files: File[] = []
  for (const entry of entries) files.push(...(await filesOfEntry(entry)))
  return files
}
