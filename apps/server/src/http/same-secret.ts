// Comparing a secret someone sent with the one we hold, in time that does not depend on where they differ.
import { timingSafeEqual } from 'node:crypto'

/** Whether two secrets are equal, compared in constant time (for equal lengths). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
