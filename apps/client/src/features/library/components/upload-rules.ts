// The upload panel's own checks and the spec's strings (sections 5 and 8).

export const INVALID_FILE_TOAST = {
  title: 'Invalid File',
  description: 'Please upload a .NES ROM file.',
}
export const NO_FILE_TOAST = {
  title: 'No File Selected',
  description: 'Please select a ROM file first.',
}
export const UPLOAD_FAILED_TITLE = 'Upload Failed'
export const UPLOAD_FAILED_DEFAULT = 'An error occurred while uploading the ROM file.'

export function isNesFileName(name: string): boolean {
  return /\.nes$/i.test(name)
}

/** The ROM Title field's initial value: the file name minus .nes. */
export function titleFromFileName(name: string): string {
  return name.replace(/\.nes$/i, '')
}

/** "Ppp %" of an upload, 0-100, for the progress bar's text. */
export function percentSent(sent: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0
}
