#!/usr/bin/env node
// Thin launcher: the CLI is bundled to dist/cli.js by `npm run build` (run automatically after `npm install`).
import '../dist/cli.js'
