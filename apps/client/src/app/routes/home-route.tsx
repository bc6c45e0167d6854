// The / screen: the player console, the library panels, how-to-play and the legal notice. Library → player
// hand-off: the library calls onLoadRom(file) and the player takes the file as its cartridge and starts it.
import { useCallback, useRef } from 'react'
import { HowToPlay, LegalNotice } from '../../features/player/components/how-to-play'
import { Player } from '../../features/player/player'
import type { PlayerHandle } from '../../features/player/player'

export function HomeRoute() {
  const player = useRef<PlayerHandle>(null)
  const onLoadRom = useCallback((file: File) => player.current?.loadCartridge(file), [])

  return (
    <main className="home">
      <div className="home__player">
        <Player ref={player} />
      </div>
      <aside className="home__side">
        {/* LIBRARY PANELS (engineer B): <UploadPanel /> and <RomLibrary onLoadRom={onLoadRom} /> go here. */}
        <LibraryPlaceholder onLoadRom={onLoadRom} />
        <HowToPlay />
      </aside>
      <LegalNotice />
    </main>
  )
}

// Keeps onLoadRom in use until the library panels land; remove together with the placeholder.
function LibraryPlaceholder({ onLoadRom }: { onLoadRom: (file: File) => void }) {
  void onLoadRom
  return null
}
