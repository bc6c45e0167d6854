// The upload queue as a list: each file's name, how far it got (a bar while it uploads) and how it ended;
// Cancel while it runs, Clear once it is done.
import { formatFileSize } from '../../../lib/format-size'
import type { QueueItem, QueueStatus } from './use-upload-queue'
import './upload-queue.css'

const STATUS_TEXT: Record<QueueStatus, string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  added: 'Added',
  duplicate: 'Already in library',
  failed: 'Not added',
  cancelled: 'Cancelled',
}

interface UploadQueueListProps {
  items: readonly QueueItem[]
  isRunning: boolean
  onCancel: () => void
  onClear: () => void
}

function QueueLine({ item }: { item: QueueItem }) {
  return (
    <li
      className={`upload-queue__item upload-queue__item--${item.status}`}
      data-testid="queue-item"
    >
      <span className="upload-queue__name">{item.name}</span>
      <span className="upload-queue__status" data-testid="queue-status">
        {STATUS_TEXT[item.status]}
        {item.size > 0 && item.status === 'waiting' ? ` · ${formatFileSize(item.size)}` : ''}
      </span>
      {item.status === 'uploading' ? (
        <progress
          className="library-progress__bar"
          max={item.total || 1}
          value={item.sent}
          aria-label={`Upload progress of ${item.name}`}
        />
      ) : null}
      {item.message && item.status !== 'uploading' ? (
        <span className="upload-queue__message">{item.message}</span>
      ) : null}
    </li>
  )
}

export function UploadQueueList({ items, isRunning, onCancel, onClear }: UploadQueueListProps) {
  const count = (status: QueueStatus) => items.filter((item) => item.status === status).length
  const finished = items.length - count('waiting') - count('uploading')
  return (
    <div className="upload-queue" role="region" aria-label="Upload queue">
      <p className="upload-queue__summary" role="status" data-testid="queue-summary">
        {finished} of {items.length} done · {count('added')} added · {count('duplicate')} duplicate
        {count('duplicate') === 1 ? '' : 's'} · {count('failed')} not added
      </p>
      <ul className="upload-queue__list">
        {items.map((item) => (
          <QueueLine key={item.key} item={item} />
        ))}
      </ul>
      {isRunning ? (
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      ) : (
        <button type="button" className="btn btn--ghost" onClick={onClear}>
          Clear
        </button>
      )}
    </div>
  )
}
