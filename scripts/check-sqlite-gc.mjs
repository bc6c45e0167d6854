// Checks that the garbage collector can free the SQLite driver's databases and statements on the running
// Node, with the driver the server picks for that Node (apps/server/src/storage/sqlite/sqlite-driver.ts,
// loaded through tsx: better-sqlite3 13.2.0 on N-API 10 or later, 12.6.2 before). better-sqlite3 12.x on Node 24 aborts the process when it does (`Assertion failed: (env) != nullptr` in
// node::RemoveEnvironmentCleanupHook, from the Database and Statement destructors); the server then dies at
// start or during a stop. This script makes that garbage and then enough allocations for V8 to collect it on
// its own (a forced gc() runs the destructors in a way that does not abort). It prints one line and exits 0;
// on a driver with the defect the process aborts (exit 134), usually before the line is printed.
//   node --import tsx scripts/check-sqlite-gc.mjs
import { createRequire } from 'node:module'
import { Database, SQLITE_DRIVER } from '../apps/server/src/storage/sqlite/sqlite-driver.ts'

const require = createRequire(new URL('../apps/server/package.json', import.meta.url))
const { version } = require(`${SQLITE_DRIVER}/package.json`)

const db = new Database(':memory:')
for (let i = 0; i < 20_000; i++) db.prepare('SELECT ?').get(i)
for (let i = 0; i < 200; i++) new Database(':memory:').close()

let junk = []
for (let i = 0; i < 2_000_000; i++) {
  junk.push({ i })
  if (junk.length > 100_000) junk = []
}
// Second-pass weak callbacks run from a task after the collection; give them a turn of the event loop.
await new Promise((resolve) => setTimeout(resolve, 500))
db.close()
console.log(
  `${SQLITE_DRIVER} (better-sqlite3 ${version}) on Node ${process.version}: statements and databases freed by GC`,
)
