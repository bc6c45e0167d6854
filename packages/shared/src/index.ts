export * from './emulator-assets'
export * from './rom-api'
