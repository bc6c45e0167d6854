// Shown when another browser tab saved the project while this tab had unsaved edits: neither version is saved
// over the other until the user picks one.
interface OtherTabNoticeProps {
  onLoadOther: () => void
  onKeepMine: () => void
}

export function OtherTabNotice({ onLoadOther, onKeepMine }: OtherTabNoticeProps) {
  return (
    <section className="studio-other-tab" role="alert" data-testid="other-tab-notice">
      <p className="studio-other-tab__message">
        Another tab changed this project. This tab&apos;s edits are not saved until you choose a
        version.
      </p>
      <div className="studio-other-tab__actions">
        <button type="button" className="btn btn--primary" onClick={onLoadOther}>
          Load the other tab&apos;s version
        </button>
        <button type="button" className="btn btn--ghost" onClick={onKeepMine}>
          Keep this tab&apos;s version
        </button>
      </div>
    </section>
  )
}
