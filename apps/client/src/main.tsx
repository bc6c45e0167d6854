import '@fontsource/press-start-2p/latin-400.css'
import './styles/global.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { AppProviders } from './app/providers'
import { router } from './app/router'
import { registerOfflineSupport } from './app/offline'

const root = document.getElementById('root')
if (!root) throw new Error('Root element #root not found')

registerOfflineSupport()

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
