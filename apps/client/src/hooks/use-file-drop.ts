// Drag-and-drop of one file onto an element: the handlers to spread on it and whether a drag is over it.
import { useState } from 'react'
import type { DragEvent } from 'react'

export interface FileDrop {
  isDragging: boolean
  dropProps: {
    onDragOver(event: DragEvent): void
    onDragLeave(): void
    onDrop(event: DragEvent): void
  }
}

/** `onFile` gets the first dropped file; a drop without files is ignored. */
export function useFileDrop(onFile: (file: File) => void): FileDrop {
  const [isDragging, setIsDragging] = useState(false)
  return {
    isDragging,
    dropProps: {
      onDragOver(event) {
        // Without preventDefault the browser refuses the drop (and may open the file itself).
        event.preventDefault()
        event.dataTransfer.dropEffect = 'copy'
        setIsDragging(true)
      },
      onDragLeave() {
        setIsDragging(false)
      },
      onDrop(event) {
        event.preventDefault()
        setIsDragging(false)
        const file = event.dataTransfer.files[0]
        if (file) onFile(file)
      },
    },
  }
}
