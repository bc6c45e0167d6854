// Styled wrappers around Radix Toast primitives (accessible, swipe-to-dismiss, hotkey-focusable viewport).
import * as ToastPrimitive from '@radix-ui/react-toast'
import type { ComponentPropsWithoutRef } from 'react'
import type { ToastVariant } from './use-toast'

export const TOAST_DURATION_MS = 5000
export const TOAST_SWIPE_THRESHOLD_PX = 50
export const TOAST_HOTKEY = ['F8']

export function ToastProvider(props: ComponentPropsWithoutRef<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
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
