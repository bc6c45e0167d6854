export * from './emulator-assets'
export * from './rom-api'
export * from './save-api'
export * from './page-render'
