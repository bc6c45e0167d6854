import { describe, expect, it } from 'vitest'
import { holdUntilTurnEnds } from './write-batch'
import type { Corkable } from './write-batch'

class FakeSocket implements Corkable {
  corks = 0
  uncorks = 0
  destroyed = false
  cork(): void {
    this.corks++
  }
  uncork(): void {
    this.uncorks++
  }
}

const turnEnds = () => new Promise((resolve) => setImmediate(resolve))

describe('holdUntilTurnEnds', () => {
  it('corks each socket once per turn and uncorks it after the turn', async () => {
    const a = new FakeSocket()
    const b = new FakeSocket()
    for (let i = 0; i < 3; i++) holdUntilTurnEnds(a)
    holdUntilTurnEnds(b)
    expect([a.corks, a.uncorks, b.corks, b.uncorks]).toEqual([1, 0, 1, 0])
    await turnEnds()
    expect([a.corks, a.uncorks, b.corks, b.uncorks]).toEqual([1, 1, 1, 1])
    holdUntilTurnEnds(a)
    await turnEnds()
    expect([a.corks, a.uncorks]).toEqual([2, 2])
  })

  it('leaves a destroyed socket alone', async () => {
    const gone = new FakeSocket()
    gone.destroyed = true
    holdUntilTurnEnds(gone)
    const dying = new FakeSocket()
    holdUntilTurnEnds(dying)
    dying.destroyed = true
    await turnEnds()
    expect([gone.corks, dying.corks, dying.uncorks]).toEqual([0, 1, 0])
  })
})
