// A tiny toast store shared by the whole app: `toast()` may be called from anywhere (no hook needed) and
// <Toaster/> subscribes with useToast(). Spec: one toast at a time (a new one replaces the old), and a
// dismissed toast is removed from the store 1,000,000 ms later.
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

export const TOAST_LIMIT = 1
export const TOAST_REMOVE_DELAY_MS = 1_000_000

export type ToastVariant = 'default' | 'destructive'

export interface ToastInput {
  title?: ReactNode
  description?: ReactNode
  /** A ToastAction (e.g. Undo). */
  action?: ReactNode
  variant?: ToastVariant
  /** How long it stays open, in milliseconds (paused while hovered or focused); default 5 s. */
  duration?: number
}

export interface ToastItem extends ToastInput {
  id: string
  open: boolean
}

type Listener = (toasts: readonly ToastItem[]) => void

let toasts: readonly ToastItem[] = []
let nextId = 0
const listeners = new Set<Listener>()
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>()

function publish(next: readonly ToastItem[]): void {
  toasts = next
  for (const listener of listeners) listener(toasts)
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return
  const timer = setTimeout(() => {
    removeTimers.delete(id)
    publish(toasts.filter((t) => t.id !== id))
  }, TOAST_REMOVE_DELAY_MS)
  removeTimers.set(id, timer)
}

/** Closes one toast (or all); it stays in the store, closed, until its removal delay ends. */
export function dismissToast(id?: string): void {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id)
  publish(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)))
}

/** Shows a toast, replacing the current one (limit 1). Returns its id and a dismiss function. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER
  const id = String(nextId)
  const item: ToastItem = { ...input, id, open: true }
  publish([item, ...toasts].slice(0, TOAST_LIMIT))
  return { id, dismiss: () => dismissToast(id) }
}

/** Subscribes a component to the toast list. */
export function useToast(): {
  toasts: readonly ToastItem[]
  toast: typeof toast
  dismiss: typeof dismissToast
} {
  const [state, setState] = useState(toasts)
  useEffect(() => {
    listeners.add(setState)
    setState(toasts)
    return () => {
      listeners.delete(setState)
    }
  }, [])
  return { toasts: state, toast, dismiss: dismissToast }
}
