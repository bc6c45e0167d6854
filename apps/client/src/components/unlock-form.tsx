// Shown only when the server is write-protected (LIBRARY_TOKEN) and this browser has not unlocked it:
// reads work without it; uploads, deletes, saves and states need it. The library panel and the player's
// saves panel both show it (unlocking in one hides both: they share the status query).
import './unlock-form.css'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { serverMessage } from '../lib/server-message'
import { useUnlock, useUnlockStatus } from '../hooks/use-unlock'

interface UnlockFormProps {
  /** What the token is needed for, e.g. "to upload or delete". */
  purpose: string
}

export function UnlockForm({ purpose }: UnlockFormProps) {
  const status = useUnlockStatus()
  const unlock = useUnlock()
  const [token, setToken] = useState('')
  if (!status.data?.required || status.data.unlocked) return null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (token.trim()) unlock.mutate(token.trim(), { onSuccess: () => setToken('') })
  }
  return (
    <form className="unlock" onSubmit={submit}>
      <p className="unlock__hint">
        This library is write-protected. Enter the library token {purpose}.
      </p>
      <div className="unlock__row">
        <input
          type="password"
          className="unlock__input"
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
        <p className="unlock__error" role="alert">
          {serverMessage(unlock.error) ?? 'Could not unlock the library. Please try again.'}
        </p>
      ) : null}
    </form>
  )
}
