// Saves of a library game. Its battery save and save states live on the server and are the same for every
// visitor (the spec has no accounts: all visitors are the same), but where a visitor left off, the `resume`
// state, is kept in this browser (browser-saves.ts, by the ROM's SHA-1): a new visitor opening the game is
// never handed another person's moment, and the states on the server stay in the Saves panel for anyone.
import { browserSaves } from './browser-saves'
import { serverSaves } from './server-saves'
import type { CartridgeSaves, StoredState } from './saves'

const newestFirst = (a: StoredState, b: StoredState) => b.createdAt.localeCompare(a.createdAt)
const inThisBrowser = (state: StoredState): StoredState => ({ ...state, inThisBrowser: true })

export function librarySaves(romId: string, sha1: string): CartridgeSaves {
  const server = serverSaves(romId, sha1)
  const browser = browserSaves(sha1)
  const browserResume = async () =>
    (await browser.listStates()).filter((state) => state.kind === 'resume')
  return {
    ...server,
    async listStates() {
      const [mine, shared] = await Promise.all([browserResume(), server.listStates()])
      return [...mine.map(inThisBrowser), ...shared].sort(newestFirst)
    },
    async addState(state) {
      return state.kind === 'resume'
        ? inThisBrowser(await browser.addState(state))
        : server.addState(state)
    },
    stateBytes: (state) =>
      state.inThisBrowser ? browser.stateBytes(state) : server.stateBytes(state),
    async deleteState(id) {
      const mine = (await browserResume()).some((state) => state.id === id)
      return mine ? browser.deleteState(id) : server.deleteState(id)
    },
    writeAhead({ resume, ...rest }) {
      server.writeAhead(rest)
      if (resume) browser.writeAhead({ resume })
    },
  }
}
