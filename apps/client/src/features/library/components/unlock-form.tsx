// Shown only when the server is write-protected (LIBRARY_TOKEN) and this browser has not unlocked it:
// reads work without it, uploads and deletes need it.
import { useState } from 'react'
import type { FormEvent } from 'react'
import { serverMessage } from '../api/server-message'
import { useUnlock, useUnlockStatus } from '../api/unlock'

export function UnlockForm() {
  const status = useUnlockStatus()
  const unlock = useUnlock()
  const [token, setToken] = useState('')
  if (!status.data?.required || status.data.unlocked) return null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (token.trim()) unlock.mutate(token.trim(), { onSuccess: () => setToken('') })
  }
  return (
    <form className="library-unlock" onSubmit={submit}>
      <p className="library__hint">
        This library is write-protected. Enter the library token to upload or delete.
      </p>
      <div className="library-unlock__row">
        <input
          type="password"
          className="library-input"
          aria-label="Library token"
          autoComplete="current-password"
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
        <button type="submit" className="btn" disabled={unlock.isPending || !token.trim()}>
          {unlock.isPending ? '...' : 'Unlock'}
        </button>
      </div>
      {unlock.isError ? (
        <p className="library-unlock__error" role="alert">
          {serverMessage(unlock.error) ?? 'Could not unlock the library. Please try again.'}
        </p>
      ) : null}
    </form>
  )
}
