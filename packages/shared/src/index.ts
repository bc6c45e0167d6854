export * from './emulator-assets'
