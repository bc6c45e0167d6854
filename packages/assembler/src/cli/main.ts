// Placeholder until the CLI lands.
process.stderr.write('nesasm-ts: not built yet\n')
process.exit(2)
