// The spec's five steps, in a panel the home route places beside the library.
const STEPS = [
  'Upload a .NES ROM file to the cartridge slot',
  'Press START GAME',
  'Use the keyboard or click the buttons to play',
  'Games may take a moment to load',
  'Click EJECT to change games',
]

export function HowToPlay() {
  return (
    <section className="panel how-to" aria-labelledby="how-to-title">
      <h2 id="how-to-title" className="panel__title">
        How to play
      </h2>
      <ol className="how-to__steps">
        {STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  )
}

export function LegalNotice() {
  return (
    <p className="legal">
      This tool is for educational purposes only. Please use only ROM files you legally own.
      Emulation by EmulatorJS (GPL-3.0) and the fceumm core (GPL-2.0), served from this site.
    </p>
  )
}
