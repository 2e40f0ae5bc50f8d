// `npm run bench`: prints the machine, then runs every suite in bench/suites (or those named on the command line).
import os from 'node:os'
import { readdirSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import path from 'node:path'

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'suites')
const wanted = process.argv.slice(2)
const cpu = os.cpus()[0]?.model ?? 'unknown cpu'
console.log(
  `machine: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.arch()}`,
)

for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .sort()) {
  const name = file.replace(/\.ts$/, '')
  if (wanted.length && !wanted.includes(name)) continue
  console.log(`\n== ${name} ==`)
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { run: () => Promise<void> }
  await mod.run()
}
