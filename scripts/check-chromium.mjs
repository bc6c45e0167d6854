// Fails fast, in one line, when the browser the e2e tests drive is missing.
import { accessSync, constants } from 'node:fs'

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
try {
  accessSync(path, constants.X_OK)
} catch {
  console.error(
    `Chromium not found at ${path}: install it with "sudo apt-get install chromium" or set CHROMIUM_PATH to a Chromium/Chrome binary.`,
  )
  process.exit(1)
}
