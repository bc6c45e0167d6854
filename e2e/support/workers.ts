// How many spec files run at once (E2E_WORKERS, default 1), shared by the vitest config and the global setup.
export function e2eWorkers(): number {
  const value = Number(process.env.E2E_WORKERS ?? 1)
  return Number.isInteger(value) && value >= 1 ? value : 1
}
