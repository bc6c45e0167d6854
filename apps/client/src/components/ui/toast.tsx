// Styled wrappers around Radix Toast primitives (accessible, swipe-to-dismiss, hotkey-focusable viewport).
import * as ToastPrimitive from '@radix-ui/react-toast'
import type { ComponentPropsWithoutRef } from 'react'
import { useToast } from './use-toast'
import type { ToastVariant } from './use-toast'
import './toast.css'

export const TOAST_DURATION_MS = 5000
export const TOAST_SWIPE_THRESHOLD_PX = 50
export const TOAST_HOTKEY = ['F8']

export function ToastProvider(props: ComponentPropsWithoutRef<typeof ToastPrimitive.Provider>) {
  // One toast at a time (TOAST_LIMIT), so the provider's duration can be the open toast's own: an
  // Undo toast stays as long as its undo window.
  const { toasts } = useToast()
  const duration = toasts.find((t) => t.open)?.duration ?? TOAST_DURATION_MS
  return (
    <ToastPrimitive.Provider
      duration={duration}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      {...props}
    />
  )
}

export function ToastViewport(props: ComponentPropsWithoutRef<typeof ToastPrimitive.Viewport>) {
  return <ToastPrimitive.Viewport className="toast-viewport" hotkey={TOAST_HOTKEY} {...props} />
}

export function Toast({
  variant = 'default',
  className,
  ...props
}: ComponentPropsWithoutRef<typeof ToastPrimitive.Root> & { variant?: ToastVariant }) {
  return (
    <ToastPrimitive.Root
      className={['toast', `toast--${variant}`, className].filter(Boolean).join(' ')}
      {...props}
    />
  )
}

export function ToastTitle(props: ComponentPropsWithoutRef<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className="toast__title" {...props} />
}

export function ToastDescription(
  props: ComponentPropsWithoutRef<typeof ToastPrimitive.Description>,
) {
  return <ToastPrimitive.Description className="toast__description" {...props} />
}

export function ToastClose(props: ComponentPropsWithoutRef<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close className="toast__close" aria-label="Close" {...props}>
      ×
    </ToastPrimitive.Close>
  )
}

/**
 * A button in the toast (e.g. Undo); clicking it also closes the toast. `altText` tells screen reader
 * users another way to do the same, as Radix requires.
 */
export function ToastAction({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={['btn', 'toast__action', className].filter(Boolean).join(' ')}
      {...props}
    />
  )
}
