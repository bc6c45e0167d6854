// The / screen: the player console, the library panels and the how-to-play notes.
export function HomeRoute() {
  return (
    <main className="home">
      <section className="panel">
        <h2 className="panel__title">Player</h2>
      </section>
      {/* LIBRARY PANELS (engineer B): <UploadPanel /> and <RomLibrary onLoadRom={onLoadRom} /> go here. */}
    </main>
  )
}
