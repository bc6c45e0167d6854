// The base URL of the server this spec file's worker owns (global-setup.ts starts one per worker).
import { inject } from 'vitest'

export function serverUrl(): string {
  const urls = inject('baseUrls')
  // VITEST_POOL_ID numbers the workers from 1; a run with one server (E2E_BASE_URL) shares it.
  const index = (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length
  const url = urls[index]
  if (!url) throw new Error('serverUrl: no e2e server was provided')
  return url
}
